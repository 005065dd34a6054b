"""Sphinx extension: evalkit's plain-text notation in docstrings, read as the reader means it.

A constant documented without a ``#:`` comment would show the docstring of its type (``dict()
-> new empty dictionary …``); it shows none instead.

evalkit's docstrings are written for ``help()`` as much as for the website, and write an absolute
value or a set's size as in plain text: ``|b − c|``, ``|T|``. In reStructuredText, ``|T|`` is a
substitution reference (an error: none is defined). Before autodoc hands a docstring to
docutils, :func:`escape_bars` escapes those bars in running text; code (``>>>`` examples,
````literal````, literal blocks after ``::``) and mathematics (``:math:`…```, ``.. math::``
blocks), where a bar is TeX or Python, are left as they are.
"""

from __future__ import annotations

import re

# spans of a line that stay as they are: inline literals, roles (:math:`…`), interpreted text
_PROTECTED = re.compile(r"``.+?``|:[a-z:]+:`[^`]+`|`[^`]+`_?")
# a bar that opens or closes a substitution reference: next to a non-space character
_BAR = re.compile(r"(?<!\\)\|(?=\S)|(?<=\S)(?<!\\)\|")
_BLOCK_START = re.compile(r"^(\s*)(\.\. (math|code-block|code|testcode|doctest)::|.*::\s*$)")


def _escape_text(text: str) -> str:
    out, last = [], 0
    for match in _PROTECTED.finditer(text):
        out += [_BAR.sub(r"\\|", text[last : match.start()]), match.group(0)]
        last = match.end()
    return "".join(out) + _BAR.sub(r"\\|", text[last:])


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def escape_bars(lines: list[str]) -> list[str]:
    r"""The docstring's lines with the bars of running text escaped (``|T|`` → ``\|T\|``).

    >>> escape_bars(["The size |T| of the test set.", "", ">>> abs(-1) | 0", "1|2"])
    ['The size \\|T\\| of the test set.', '', '>>> abs(-1) | 0', '1|2']
    >>> escape_bars([":math:`|x|` and ``a | b`` stay; |z| does not"])
    [':math:`|x|` and ``a | b`` stay; \\|z\\| does not']
    >>> escape_bars([".. math::", "", "   |b - c|", "", "Then |b − c|."])
    ['.. math::', '', '   |b - c|', '', 'Then \\|b − c\\|.']
    """
    result, block_indent, doctest = [], None, False
    for line in lines:
        stripped = line.lstrip()
        doctest = stripped.startswith(">>>") or (doctest and bool(stripped))
        if doctest:  # a doctest block: the example and its output, up to a blank line
            result.append(line)
            continue
        if block_indent is not None:
            if not line.strip() or _indent(line) > block_indent:
                result.append(line)
                continue
            block_indent = None
        start = _BLOCK_START.match(line)
        if start:
            block_indent = len(start.group(1))
        if stripped.startswith(("+-", "|")) and line.rstrip().endswith(("|", "+")):
            result.append(line)  # a grid table's line
        else:
            result.append(_escape_text(line))
    return result


def _process(app, what, name, obj, options, lines: list[str]) -> None:
    if what == "data" and lines and _is_type_docstring(obj, lines):
        lines[:] = []  # a constant without a ``#:`` comment: not the docstring of dict or tuple
        return
    lines[:] = escape_bars(lines)


def _is_type_docstring(obj: object, lines: list[str]) -> bool:
    import inspect

    own = inspect.getdoc(type(obj)) or ""
    return bool(own) and "\n".join(lines).strip() == own.strip()


def setup(app):
    # after napoleon (priority 500) has turned the numpydoc sections into reST
    app.connect("autodoc-process-docstring", _process, priority=600)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
