"""Every notebook has a core path a student can walk alone, and says honestly how long it takes.

The conventions (issue 59), checked here:

* **The opening** states the reading time of the core path and the time for the exercises, and
  the prerequisites::

      **Time:** about 45 minutes to read the core path, about 60 minutes for the exercises.
      **Prerequisites:** notebooks 01 and 02.

  The reading time is measured, not guessed: :data:`READING_PACE` words of core prose a minute
  (technical text with formulas and code), plus :data:`FIGURE_MINUTES` per figure and
  :data:`WIDGET_MINUTES` per widget of the core; the stated time must lie between that and 1.6
  times that. The exercise time is at least :data:`EXERCISE_MINUTES` per exercise.
* **Folded asides.** A *Deeper* section (a level-2 heading "## Deeper: …") and a *source note*
  (a heading of level 3 or 4, "### Source note: …", for an erratum of a source document) are
  folded in JupyterLab: their heading cell carries JupyterLab's ``jp-MarkdownHeadingCollapsed``
  metadata, which hides every cell after it up to the next heading of the same or a higher level;
  the website folds the same sections (tools/build_site.py). What a folded section holds is not
  needed by the core: ``test_the_core_runs_without_its_folded_sections`` executes each notebook
  with them removed (and without its exercises), and it must run and pass its checks.
* **Code a student reads.** No visible code cell of the core is longer than :data:`CODE_LINES`
  lines; longer plumbing goes into evalkit, or its cell is folded (JupyterLab's
  ``jupyter.source_hidden``) with a first line, a comment, that says what it draws.
* **A text alternative for every figure.** Each code cell with an image output carries the text
  that says what the figure shows and what to see in it, in MyST-NB's cell metadata
  (``mystnb.image.alt``: the website's ``alt`` attribute): :data:`ALT_WORDS` words at least.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys

import nbformat
import pytest

from tests.conftest import NOTEBOOKS, REPO

#: Words of technical prose with formulas and code read in a minute, carefully.
READING_PACE = 100
#: Minutes to look at a figure of the core, and to try a widget.
FIGURE_MINUTES, WIDGET_MINUTES = 1, 3
#: Minutes at least per exercise.
EXERCISE_MINUTES = 10
#: Lines of a visible code cell of the core, at most.
CODE_LINES = 40
#: Words of a figure's text alternative, at least.
ALT_WORDS = 12
TIME_LINE = re.compile(
    r"^\*\*Time:\*\* about (\d+) minutes to read the core path, about (\d+) minutes for the "
    r"exercises\.",
    re.MULTILINE,
)
PREREQUISITES = re.compile(r"^\*\*Prerequisites:\*\* \S", re.MULTILINE)
DEEPER = re.compile(r"^## Deeper: \S")
SOURCE_NOTE = re.compile(r"^#{3,4} Source note: \S")
EXERCISES = re.compile(r"^#{2,3} Exercises\b", re.MULTILINE)
HEADING = re.compile(r"^(#{1,6}) ")
COLLAPSED = "jp-MarkdownHeadingCollapsed"

STEMS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


def _cells(stem: str) -> list[dict]:
    with open(NOTEBOOKS / f"{stem}.ipynb", encoding="utf-8") as handle:
        return json.load(handle)["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _is(cell: dict, tag: str) -> bool:
    return tag in cell.get("metadata", {}).get("tags", [])


def _heading_level(cell: dict) -> int | None:
    """The level of the cell's first line if it is a Markdown heading."""
    if cell["cell_type"] != "markdown":
        return None
    match = HEADING.match(_source(cell).lstrip("\n"))
    return len(match.group(1)) if match else None


def folded(cells: list[dict]) -> list[bool]:
    """Which cells JupyterLab hides when the notebook opens: those under a collapsed heading,
    up to the next heading of the same or a higher level (the heading cell itself shows)."""
    hidden, under = [], None  # the level of the collapsed heading we are under
    for cell in cells:
        level = _heading_level(cell)
        if level is not None and under is not None and level <= under:
            under = None
        hidden.append(under is not None)
        if level is not None and under is None and cell.get("metadata", {}).get(COLLAPSED):
            under = level
    return hidden


def parts(stem: str, cells: list[dict] | None = None) -> dict[str, list[dict]]:
    """The notebook's cells by part: the core, the folded asides, the exercises (of ``cells``,
    default: the notebook's, as read from its file)."""
    cells = _cells(stem) if cells is None else cells
    hidden = folded(cells)
    found: dict[str, list[dict]] = {"core": [], "folded": [], "exercises": []}
    in_exercises = False
    for cell, is_hidden in zip(cells, hidden, strict=True):
        if cell["cell_type"] == "markdown" and EXERCISES.search(_source(cell)):
            in_exercises = True
        if in_exercises:
            found["exercises"].append(cell)
        elif is_hidden or (cell.get("metadata", {}).get(COLLAPSED) and _heading_level(cell)):
            found["folded"].append(cell)
        else:
            found["core"].append(cell)
    return found


def _words(cells: list[dict]) -> int:
    texts = [
        _source(c) for c in cells
        if c["cell_type"] == "markdown" and not _is(c, "navigation") and not _is(c, "solution")
    ]  # fmt: skip
    return sum(len(re.findall(r"\w+", text)) for text in texts)


def _figures(cells: list[dict]) -> int:
    return sum(
        1 for c in cells if c["cell_type"] == "code"
        for o in c.get("outputs", []) if "image/png" in o.get("data", {})
    )  # fmt: skip


def _widgets(cells: list[dict]) -> int:
    return sum(
        1 for c in cells if c["cell_type"] == "code"
        and re.search(r"\b(interact|interactive)\(|widgets\.", _source(c))
    )  # fmt: skip


def _opening(stem: str) -> str:
    cells = [c for c in _cells(stem) if c["cell_type"] == "markdown"]
    return next(_source(c) for c in cells if not _is(c, "navigation"))


def reading_minutes(stem: str) -> int:
    """The measured reading time of the core path (the module says how)."""
    core = parts(stem)["core"]
    minutes = _words(core) / READING_PACE + FIGURE_MINUTES * _figures(core)
    return math.ceil(minutes + WIDGET_MINUTES * _widgets(core))


def exercise_count(stem: str) -> int:
    """How many exercises: the answer cells of the student copy (tools/student.py makes one
    per exercise, from the solutions)."""
    sys.path.insert(0, str(REPO / "tools"))
    from student import PLACEHOLDER_TAG, student_copy

    copy = student_copy(nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4))
    return sum(PLACEHOLDER_TAG in c.metadata.get("tags", []) for c in copy.cells) or 1


@pytest.mark.parametrize("stem", STEMS)
def test_the_opening_states_honest_times_and_the_prerequisites(stem):
    opening = _opening(stem)
    match = TIME_LINE.search(opening)
    assert match, (
        f"{stem}: the opening needs '**Time:** about N minutes to read the core path, about M "
        "minutes for the exercises.'"
    )
    stated, exercises = int(match.group(1)), int(match.group(2))
    measured = reading_minutes(stem)
    assert measured <= stated <= max(1.6 * measured, measured + 5), (
        f"{stem}: the core path measures {measured} minutes (words at {READING_PACE} a minute, "
        f"figures, widgets); the opening says {stated}"
    )
    assert exercises >= EXERCISE_MINUTES * exercise_count(stem), (
        f"{stem}: {exercise_count(stem)} exercises take more than {exercises} minutes"
    )
    assert PREREQUISITES.search(opening), f"{stem}: the opening needs '**Prerequisites:** …'"


@pytest.mark.parametrize("stem", STEMS)
def test_every_notebook_has_an_exercises_heading(stem):
    # the core path ends there (an exercise section without the heading would count as core)
    assert any(EXERCISES.search(_source(c)) for c in _cells(stem) if c["cell_type"] == "markdown")


@pytest.mark.parametrize("stem", STEMS)
def test_deeper_sections_and_source_notes_are_folded(stem):
    for cell in _cells(stem):
        if cell["cell_type"] != "markdown":
            continue
        lines = _source(cell).lstrip("\n").splitlines()
        for number, line in enumerate(lines):
            if re.match(r"^#+ .*\bDeeper\b", line):
                assert DEEPER.match(line), f"{stem}: write it as '## Deeper: …': {line!r}"
            if re.match(r"^#+ .*\bSource note\b", line):
                assert SOURCE_NOTE.match(line), f"{stem}: '### Source note: …': {line!r}"
            if DEEPER.match(line) or SOURCE_NOTE.match(line):
                assert number == 0, f"{stem}: {line!r} must open its cell (JupyterLab folds there)"
                assert cell.get("metadata", {}).get(COLLAPSED) is True, (
                    f"{stem}: {line!r} is not folded (metadata {COLLAPSED}: true)"
                )


@pytest.mark.parametrize("stem", STEMS)
def test_no_visible_code_cell_of_the_core_is_a_wall(stem):
    for cell in parts(stem)["core"]:
        if cell["cell_type"] != "code":
            continue
        lines = _source(cell).splitlines()
        if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            assert lines and lines[0].startswith("# "), (
                f"{stem}: a folded code cell must say what it does in its first line, a comment"
            )
            continue
        assert len(lines) <= CODE_LINES, (
            f"{stem}: a visible code cell of {len(lines)} lines ({lines[0][:50]!r}…): move the "
            f"plumbing into evalkit or fold the cell (at most {CODE_LINES} lines)"
        )


@pytest.mark.parametrize("stem", STEMS)
def test_every_figure_has_a_text_alternative(stem):
    for cell in _cells(stem):
        if cell["cell_type"] != "code":
            continue
        if not any("image/png" in o.get("data", {}) for o in cell.get("outputs", [])):
            continue
        alt = cell.get("metadata", {}).get("mystnb", {}).get("image", {}).get("alt", "")
        words = re.findall(r"\w+", alt)
        assert len(words) >= ALT_WORDS and not re.search(r"\.(png|svg|jpe?g)\b", alt), (
            f"{stem}: the figure of the cell {_source(cell)[:60]!r}… needs a text alternative "
            f"(metadata mystnb.image.alt, {ALT_WORDS}+ words saying what to see): {alt!r}"
        )


def core_notebook(stem: str) -> nbformat.NotebookNode:
    """The notebook as a student who skips every folded section and the exercises reads it."""
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    keep = {id(c) for c in parts(stem, nb.cells)["core"]}
    nb.cells = [cell for cell in nb.cells if id(cell) in keep]
    return nb


@pytest.mark.slow
@pytest.mark.parametrize("stem", STEMS)
def test_the_core_runs_without_its_folded_sections(stem, tmp_path):
    # every name, fact and tool the core uses comes from the core: run it without the Deeper
    # sections, the source notes and the exercises; its worked-example checks must still pass.
    # Run by make test-browser (its headless part) and make test-thorough.
    if not os.environ.get("EVALKIT_RUN_CORE_PATHS"):
        pytest.skip("run by make test-browser and make test-thorough (EVALKIT_RUN_CORE_PATHS=1)")
    sys.path.insert(0, str(REPO / "tools"))
    from kernel import CELL_TIMEOUT, execute_notebook

    nb = core_notebook(stem)
    execute_notebook(nb, tmp_path, timeout=CELL_TIMEOUT, name=f"{stem}.ipynb (core path only)")
    errors = [
        o for c in nb.cells if c.cell_type == "code"
        for o in c.get("outputs", []) if o.get("output_type") == "error"
    ]  # fmt: skip
    assert not errors, f"{stem}: {errors[0]['ename']}: {errors[0]['evalue']}"
