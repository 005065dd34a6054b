"""Run chosen code cells of a notebook in this process, to reach its functions without a kernel.

Shared by the unit tests that call a notebook's widget functions (``tests/test_resampling.py``)
and ``benchmarks/precompute_cv_spread.py``, which computes a widget's table with the notebook's
own code.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path


def notebook_namespace(notebook: Path, cells: list[tuple[str, str | None]]) -> dict:
    """The names the given code cells define, run in order in one namespace.

    ``cells`` lists (cell id, text): a cell runs up to the first occurrence of the text, or whole
    when the text is None (to skip, say, a simulation at the end of a cell). The cells run in
    the notebook's folder, with matplotlib's Agg backend (no figure on screen) and what they
    print discarded.
    """
    import matplotlib

    matplotlib.use("Agg")
    sources = {
        cell.get("id"): "".join(cell["source"])
        for cell in json.loads(Path(notebook).read_text(encoding="utf-8"))["cells"]
    }
    namespace: dict = {}
    here = os.getcwd()
    os.chdir(Path(notebook).parent)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for cell_id, upto in cells:
                source = sources[cell_id]
                exec(source[: source.index(upto)] if upto else source, namespace)
    finally:
        os.chdir(here)
    return namespace
