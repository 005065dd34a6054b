"""Sphinx extension: the first call of each evalkit function in a notebook links to its reference.

On a notebook's page, the code cells are read in order. Each cell's imports
(``from evalkit.intervals import wilson``, ``from evalkit import paired``,
``from evalkit.clustered import mcnemar as clustered_mcnemar``, ``import evalkit.roc as roc``)
tell what a name means from that cell on; the first call of each evalkit function or class
(``wilson(``, ``paired.mcnemar(``, ``clustered_mcnemar(``) becomes a link to its entry in the API
reference (``api/<module>.html#evalkit.<module>.<name>``). The cell is highlighted exactly as
Sphinx highlights it (the same Pygments lexer, the same ``<div class="highlight-…">``), and the
link wraps the name's tokens, so the code reads and copies as before. Only names with an entry in
the reference are linked (Sphinx's Python domain knows them), so no link can point nowhere;
names re-exported by another module (``multiple.holm`` is ``adjust.holm``) link to the entry where
they are documented (``api_reference.api_index``).

On the reference pages written by hand (``coming_from``, ``architecture``), an inline code span
that starts with an evalkit name (```paired.mcnemar(table, method="exact")```) links the same
way (:func:`literal_target`).

The notebooks themselves are not changed: this runs on the book's copy while Sphinx writes it.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterator
from typing import Any

# A chain of names joined by dots, as Pygments writes it (``<span class="n">a</span><span
# class="o">.</span><span class="n">b</span>``), that is called (an opening parenthesis follows)
# and is not itself the attribute of something else (no dot before it).
_NAME = r'<span class="n">(?:[A-Za-z_]\w*)</span>'
_DOT = r'<span class="o">\.</span>'
CALL = re.compile(rf"(?<!{_DOT})((?:{_NAME}{_DOT})*{_NAME})(?=<span class=\"p\">\()")
_NAMES_IN = re.compile(r'<span class="n">([A-Za-z_]\w*)</span>')
_MAGIC = re.compile(r"^\s*[%!].*$", re.MULTILINE)


def imported_names(source: str) -> dict[str, str]:
    """The evalkit names a cell's imports bind: local name → dotted path.

    IPython's magics (``%matplotlib``, ``!ls``) are blanked before parsing; a cell that still
    does not parse binds nothing.

    >>> imported_names("from evalkit.intervals import wilson as w\\nfrom evalkit import roc")
    {'w': 'evalkit.intervals.wilson', 'roc': 'evalkit.roc'}
    >>> imported_names("import evalkit.paired as p\\nimport evalkit\\nimport numpy as np")
    {'p': 'evalkit.paired', 'evalkit': 'evalkit'}
    """
    try:
        tree = ast.parse(_MAGIC.sub("", source))
    except SyntaxError:
        return {}
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "evalkit" or node.module.startswith("evalkit."):
                for alias in node.names:
                    bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "evalkit" or alias.name.startswith("evalkit."):
                    if alias.asname:
                        bound[alias.asname] = alias.name
                    else:
                        bound["evalkit"] = "evalkit"
    return bound


def calls(highlighted: str) -> Iterator[tuple[int, int, list[str]]]:
    """The called dotted names in Pygments' HTML: (start, end, [name, name, …]), in order.

    >>> list(calls('<span class="n">paired</span><span class="o">.</span>'
    ...            '<span class="n">mcnemar</span><span class="p">(</span>'))
    [(0, 83, ['paired', 'mcnemar'])]
    """
    for match in CALL.finditer(highlighted):
        yield match.start(1), match.end(1), _NAMES_IN.findall(match.group(1))


def resolve(names: list[str], bound: dict[str, str]) -> str | None:
    """The dotted path a called chain of names means under the imports ``bound``, or None.

    >>> resolve(["paired", "mcnemar"], {"paired": "evalkit.paired"})
    'evalkit.paired.mcnemar'
    >>> resolve(["result", "plot"], {"paired": "evalkit.paired"}) is None
    True
    """
    if names[0] not in bound:
        return None
    return ".".join([bound[names[0]], *names[1:]])


def link_first_calls(
    highlighted: str, bound: dict[str, str], targets: dict[str, str], seen: set[str]
) -> str:
    """``highlighted`` with the first call of each target (not in ``seen``) wrapped in a link.

    ``targets`` maps a dotted path to its URL; ``seen`` (updated here) holds the paths already
    linked on the page.

    >>> code = ('<span class="n">w</span><span class="p">(</span><span class="mi">1</span>'
    ...         '<span class="p">)</span> <span class="n">w</span><span class="p">(</span>')
    >>> out = link_first_calls(code, {"w": "evalkit.intervals.wilson"},
    ...                        {"evalkit.intervals.wilson": "api/intervals.html#w"}, set())
    >>> out.count("<a "), out.startswith('<a class="reference internal evalkit-api-link"')
    (1, True)
    """
    pieces, last = [], 0
    for start, end, names in calls(highlighted):
        path = resolve(names, bound)
        if path is None or path not in targets or path in seen:
            continue
        seen.add(path)
        url = html.escape(targets[path], quote=True)
        pieces += [
            highlighted[last:start],
            f'<a class="reference internal evalkit-api-link" href="{url}" '
            f'title="{html.escape(path, quote=True)} in the API reference">',
            highlighted[start:end],
            "</a>",
        ]
        last = end
    return "".join(pieces) + highlighted[last:]


# --- Sphinx ------------------------------------------------------------------------------------


def _targets(app, docname: str) -> dict[str, str]:
    """Every public path with a documented entry → its URL relative to ``docname``."""
    from api_reference import api_index

    objects = app.env.get_domain("py").objects
    targets = {}
    for path, documented in api_index().items():
        entry = objects.get(documented)
        if entry is not None and entry.objtype in ("function", "class"):
            uri = app.builder.get_relative_uri(docname, entry.docname)
            targets[path] = f"{uri}#{entry.node_id}"
    return targets


def _cell_sources(doctree: Any) -> Iterator[Any]:
    from docutils import nodes

    for cell in doctree.findall(nodes.container):
        if cell.get("nb_element") != "cell_code_source":
            continue
        yield from cell.findall(nodes.literal_block)


# pages whose inline code names evalkit functions as ``module.name(...)``
PAGES_WITH_CALLS = ("coming_from", "architecture")
_LEADING_NAME = re.compile(r"^(?:evalkit\.)?([a-z_]+)\.([A-Za-z_]\w*)\b")


def literal_target(text: str, targets: dict[str, str]) -> str | None:
    """The URL of the evalkit name an inline code span starts with, or None.

    >>> literal_target('paired.mcnemar(table, method="exact")',
    ...                {"evalkit.paired.mcnemar": "api/paired.html#m"})
    'api/paired.html#m'
    >>> literal_target("roc.test(roc1, roc2)", {"evalkit.paired.mcnemar": "x"}) is None
    True
    """
    match = _LEADING_NAME.match(text)
    if match is None:
        return None
    return targets.get(f"evalkit.{match.group(1)}.{match.group(2)}")


def _link_literals(app, doctree: Any, docname: str) -> None:
    from docutils import nodes

    targets = _targets(app, docname)
    for literal in list(doctree.findall(nodes.literal)):
        if isinstance(literal.parent, nodes.reference):
            continue
        url = literal_target(literal.astext(), targets)
        if url is not None:
            reference = nodes.reference("", "", internal=True, refuri=url)
            literal.replace_self(reference)
            reference += literal


def _link_page(app, doctree: Any, docname: str) -> None:
    if app.builder.format != "html":
        return
    if docname in PAGES_WITH_CALLS:
        _link_literals(app, doctree, docname)
    elif str(app.env.doc2path(docname)).endswith(".ipynb"):
        _link_notebook(app, doctree, docname)


def _link_notebook(app, doctree: Any, docname: str) -> None:
    from docutils import nodes

    targets = _targets(app, docname)
    bound: dict[str, str] = {}
    seen: set[str] = set()
    for block in list(_cell_sources(doctree)):
        source = block.rawsource
        bound.update(imported_names(source))
        if not any(name in source for name in bound):
            continue
        lang = block.get("language", "default")
        highlighted = app.builder.highlighter.highlight_block(
            source, lang, opts=app.config.highlight_options.get(lang, {}), location=block
        )
        linked = link_first_calls(highlighted, bound, targets, seen)
        if linked != highlighted:
            div = f'<div class="highlight-{lang} notranslate">{linked}</div>\n'
            block.replace_self(nodes.raw("", div, format="html"))


def setup(app):
    app.connect("doctree-resolved", _link_page)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
