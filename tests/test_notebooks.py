"""Rules every committed notebook follows, and the worked-example coverage of the notebooks.

nbval (``make test``) executes the notebooks and compares their outputs; these tests check what
nbval cannot: that the stored outputs come from one top-to-bottom run, that only widget cells
and the version report ignore their output, that no plotting line ends in ';' (a trap under
nbval), and that every worked example of the registry is checked by its notebook.
"""

from __future__ import annotations

import json
import re
import sys

import nbformat
import pytest
from nbval.plugin import comment_markers, find_comment_markers, find_metadata_tags

from evalkit.examples import ids, registry
from tests.conftest import NOTEBOOKS, REPO

sys.path.insert(0, str(REPO / "tools"))
from navigation import COURSE

PRESENT = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


def load(stem: str) -> dict:
    return json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[tuple[int, str, dict]]:
    return [
        (i, "".join(c["source"]), c) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
    ]


def test_every_notebook_is_in_the_course_map():
    known = {stem for stem, _ in COURSE}
    assert set(PRESENT) <= known, set(PRESENT) - known
    assert "00_start_here" in PRESENT


@pytest.mark.parametrize("stem", PRESENT)
def test_stored_outputs_come_from_one_top_to_bottom_run(stem):
    nb = load(stem)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    counts = []
    for i, source, cell in code_cells(nb):
        if not source.strip():
            continue
        assert cell["execution_count"] is not None, f"{stem} cell {i} was not executed"
        counts.append(cell["execution_count"])
        for out in cell["outputs"]:
            assert out["output_type"] != "error", f"{stem} cell {i} stored an error"
            text = json.dumps(out)
            assert not re.search(r"(/tmp/|/root/|/home/|/work/)", text), f"{stem} cell {i}"
    assert counts == list(range(1, len(counts) + 1)), f"{stem}: run it top to bottom afresh"


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
IGNORE_OUTPUT = "nbval-ignore-output"  # nbval's cell tag (nbval.plugin.metadata_tags)
COMMENTS = set(comment_markers)  # NBVAL_IGNORE_OUTPUT, NBVAL_SKIP, ...


def is_widget_cell(source: str, cell: dict) -> bool:
    shows_a_widget = any(WIDGET_VIEW in out.get("data", {}) for out in cell["outputs"])
    return shows_a_widget or "interact" in source or "widgets." in source


@pytest.mark.parametrize("stem", PRESENT)
def test_only_widget_cells_and_the_version_report_ignore_their_output(stem):
    for i, source, cell in code_cells(load(stem)):
        # nbval's markers go in cell tags, never in the code a student reads (issue 46)
        markers = [m for m in re.findall(r"^\s*#+\s*(\w+)", source, re.M) if m in COMMENTS]
        assert not markers, f"{stem} cell {i}: {markers[0]}: use a cell tag, not a comment"
        tags = cell.get("metadata", {}).get("tags", [])
        assert not {"nbval-skip", "nbval-raises-exception", "raises-exception"} & set(tags), (
            f"{stem} cell {i}: cells may not be skipped or raise"
        )
        if IGNORE_OUTPUT in tags:
            is_version_report = "__version__" in source or "version(" in source
            assert is_widget_cell(source, cell) or is_version_report, (
                f"{stem} cell {i} ignores its output"
            )


@pytest.mark.parametrize("stem", PRESENT)
def test_every_widget_cell_is_ignored_by_nbval(stem):
    # nbval cannot compare a widget's output (JUPYTER_NOTES.md): the cell must carry the tag
    for i, source, cell in code_cells(load(stem)):
        if is_widget_cell(source, cell):
            options = dict(find_metadata_tags(cell.get("metadata", {})))
            options.update(find_comment_markers(source))
            assert options.get("check") is False, f"{stem} cell {i}: tag it {IGNORE_OUTPUT!r}"


@pytest.mark.parametrize("stem", PRESENT)
def test_a_widget_says_to_run_its_cell_until_it_has_run(stem):
    # JupyterLab shows a stored widget output's plain text until the notebook has run (its
    # state is not stored): a note, not "interactive(children=(IntSlider(..." (issue 46)
    from run_notebooks import WIDGET_NOTE

    for i, _, cell in code_cells(load(stem)):
        for out in cell["outputs"]:
            if WIDGET_VIEW in out.get("data", {}):
                assert "".join(out["data"]["text/plain"]) == WIDGET_NOTE, f"{stem} cell {i}"


@pytest.mark.parametrize("stem", PRESENT)
def test_no_code_line_ends_with_a_semicolon(stem):
    for i, source, _ in code_cells(load(stem)):
        for line in source.splitlines():
            code = line.split("#")[0].rstrip()
            assert not code.endswith(";"), f"{stem} cell {i}: {line!r} (use plt.show() or _ =)"


@pytest.mark.parametrize("stem", [s for s in PRESENT if s != "00_start_here"])
def test_notebook_has_its_parts(stem):
    nb = load(stem)
    markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "You will be able to" in markdown, stem
    assert "Sources" in markdown, stem
    assert re.search(r"Summary", markdown), stem
    assert re.search(r"Exercise", markdown), stem
    tags = [t for c in nb["cells"] for t in c.get("metadata", {}).get("tags", [])]
    assert "solution" in tags, f"{stem}: exercise solutions go in cells tagged 'solution'"
    sources = [s for _, s, _ in code_cells(nb)]
    assert any("interact" in s for s in sources), f"{stem} needs a widget"


@pytest.mark.parametrize("stem", PRESENT)
def test_solutions_are_stored_collapsed_and_nothing_else_is(stem):
    # a student sees the exercise first; JupyterLab shows "…" to open the solution
    for i, cell in enumerate(load(stem)["cells"]):
        metadata = cell.get("metadata", {})
        hidden = metadata.get("jupyter", {})
        if "solution" in metadata.get("tags", []):
            assert hidden.get("source_hidden") is True, f"{stem} cell {i}: source not collapsed"
            if cell["cell_type"] == "code":
                assert hidden.get("outputs_hidden") is True, f"{stem} cell {i}: output shown"
        else:
            assert not any(hidden.values()), f"{stem} cell {i} is collapsed but not a solution"


@pytest.mark.parametrize("stem", PRESENT)
def test_a_collapsed_solution_shows_only_that_it_is_a_solution(stem):
    # JupyterLab's placeholder of a collapsed cell shows its first line (issue 46): that line
    # names the solution and nothing of it, and the cell's collapse is the only fold (no
    # <details> inside a collapsed Markdown cell)
    from student import solution_label

    for i, cell in enumerate(load(stem)["cells"]):
        if "solution" in cell.get("metadata", {}).get("tags", []):
            node = nbformat.from_dict({**cell, "source": "".join(cell["source"])})
            first = node.source.split("\n", 1)[0]
            assert solution_label(node), f"{stem} cell {i}: first line {first!r}"
            assert "<details" not in node.source, f"{stem} cell {i}: folded twice"


COURSE_STEMS = [stem for stem, _ in COURSE if stem != "00_start_here"]


@pytest.mark.parametrize("stem", COURSE_STEMS)
def test_every_worked_example_is_checked_by_its_notebook(stem):
    expected = ids(stem)
    if not (NOTEBOOKS / f"{stem}.ipynb").exists():
        if expected:
            pytest.skip(f"{stem} not written yet; pending worked examples: {', '.join(expected)}")
        pytest.skip(f"{stem} not written yet")
    code = "\n".join(s for _, s, _ in code_cells(load(stem)))
    missing = [i for i in expected if not re.search(rf"['\"]{re.escape(i)}['\"]", code)]
    assert not missing, f"{stem} does not check {', '.join(missing)}"
    assert "from evalkit.examples import" in code or "evalkit.examples" in code


def test_every_registry_entry_belongs_to_a_course_notebook():
    stems = {stem for stem, _ in COURSE}
    for key, entry in registry().items():
        assert entry.notebook in stems, (key, entry.notebook)


def test_navigation_cells_are_up_to_date(capsys):
    # in this process (a subprocess would spend seconds importing nbformat's jsonschema again)
    import navigation

    code = navigation.main(["--check"])
    assert code == 0, capsys.readouterr().out
