"""A notebook run's outputs compared with the committed ones, cell by cell, as nbval compares them.

`make test` executes every notebook once, in JupyterLab (tests/browser/test_widgets.py): the
student copy by Run All, then the solutions in the same kernel. Its outputs are checked here
against the committed notebook, by nbval's rules, so that nbval need not execute the notebook a
second time (``make test-notebooks`` still runs nbval, and `make test` runs it instead of this
when no browser is available):

* every text output is compared, after the substitutions of tests/nbval_sanitize.cfg: streams
  (merged per stream, as nbval's ``coalesce_streams`` merges them), ``text/plain``, ``text/html``
  and the other text types of display data and results, and an error's name and value;
* images, metadata, execution counts, tracebacks and widget model ids are not compared (nbval's
  default ``skip_compare``);
* a cell marked ``# NBVAL_IGNORE_OUTPUT`` (or tagged ``nbval-ignore-output``) is executed but not
  compared; ``NBVAL_SKIP`` is not supported here (no notebook of the course uses it).

The rules are nbval's own helpers where nbval has them; tests/test_notebook_outputs.py checks
that :func:`output_difference` gives nbval's verdict on the same outputs.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import nbformat
from nbval.plugin import (
    coalesce_streams,
    find_comment_markers,
    find_metadata_tags,
    get_sanitize_patterns,
    transform_streams_for_comparison,
)

SANITIZE_FILE = Path(__file__).resolve().parent / "nbval_sanitize.cfg"

# nbval's default skip_compare (without --nbdime, images are skipped too)
SKIPPED = frozenset({
    "metadata", "traceback", "prompt_number", "output_type", "name", "execution_count",
    "application/vnd.jupyter.widget-view+json", "image/png", "image/jpeg",
})  # fmt: skip


def sanitize_patterns(path: Path = SANITIZE_FILE) -> list[tuple[str, str]]:
    """The (regex, replacement) pairs of an nbval sanitize file, in their order."""
    return get_sanitize_patterns(path.read_text(encoding="utf-8"))


def outputs_checked(cell: nbformat.NotebookNode) -> bool:
    """Whether nbval (``--nbval``) compares this code cell's outputs.

    Raises ValueError for a cell marked to be skipped or to raise: the browser run executes
    every cell and fails on any error, so such a cell would need another rule.
    """
    options = dict(find_metadata_tags(cell.metadata))
    options.update(find_comment_markers(cell.source))
    unsupported = {"skip", "check_exception"} & {k for k, v in options.items() if v}
    if unsupported:
        raise ValueError(
            f"cell {cell.get('id', '?')!r} has nbval option(s) {sorted(unsupported)}: only "
            "NBVAL_IGNORE_OUTPUT and NBVAL_CHECK_OUTPUT are supported outside nbval"
        )
    if cell.get("execution_count") is None:
        if cell.get("outputs"):  # nbval: "Unrun reference cell has outputs"
            raise ValueError(f"cell {cell.get('id', '?')!r} was never run but has outputs")
        return False
    return bool(options.get("check", True))


def as_outputs(outputs: list[dict]) -> list[nbformat.NotebookNode]:
    """Outputs as JupyterLab or a kernel's messages give them, in nbformat's form.

    Multi-line strings stored as lists of lines (nbformat's on-disk form) are joined.
    """
    nodes = []
    for output in outputs:
        output = dict(output)
        if isinstance(output.get("text"), list):
            output["text"] = "".join(output["text"])
        if isinstance(output.get("data"), dict):
            output["data"] = {
                k: "".join(v) if isinstance(v, list) else v for k, v in output["data"].items()
            }
        nodes.append(nbformat.from_dict(output))
    return nodes


def _flatten(outputs: list, patterns: list[tuple[str, str]]) -> dict[str, list]:
    """nbval's comparison form: per output key (each MIME type of ``data`` its own key), the
    sanitized values of all the outputs, in order."""

    def sanitize(value):
        if isinstance(value, str):
            for regex, replacement in patterns:
                value = re.sub(regex, replacement, value)
        return value

    flat = defaultdict(list)
    for output in transform_streams_for_comparison(outputs):
        for key, value in output.items():
            if key in SKIPPED:
                continue
            if key == "data":
                for mime, content in value.items():
                    if mime not in SKIPPED:
                        flat[mime].append(sanitize(content))
            else:
                flat[key].append(sanitize(value))
    return flat


def output_difference(
    computed: list[dict], reference: list[dict], patterns: list[tuple[str, str]]
) -> str | None:
    """None if ``computed`` agrees with ``reference`` by nbval's rules, else what differs.

    Parameters
    ----------
    computed, reference : list of dict
        A code cell's outputs (nbformat's form; see :func:`as_outputs`): the new run's and the
        committed ones.
    patterns : list of (str, str)
        The sanitizing substitutions (:func:`sanitize_patterns`).

    Examples
    --------
    >>> out = [{"output_type": "stream", "name": "stdout", "text": "p = 0.031\\n"}]
    >>> new = [{"output_type": "stream", "name": "stdout", "text": "p = 0.032\\n"}]
    >>> output_difference(as_outputs(out), as_outputs(out), []) is None
    True
    >>> print(output_difference(as_outputs(new), as_outputs(out), []))
    stdout differs:
    committed: 'p = 0.031\\n'
    computed:  'p = 0.032\\n'
    """
    new = _flatten(coalesce_streams(as_outputs(computed)), patterns)
    old = _flatten(coalesce_streams(as_outputs(reference)), patterns)
    if old.keys() != new.keys():
        return f"output fields differ: committed {sorted(old)}, computed {sorted(new)}"
    for key, old_values in old.items():
        new_values = new[key]
        if len(old_values) != len(new_values):
            return (
                f"{len(old_values)} committed output(s) of {key}, {len(new_values)} computed:\n"
                f"committed: {old_values!r}\ncomputed:  {new_values!r}"
            )
        for old_value, new_value in zip(old_values, new_values, strict=True):
            if old_value != new_value:
                return f"{key} differs:\ncommitted: {old_value!r}\ncomputed:  {new_value!r}"
    return None
