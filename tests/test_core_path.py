"""Every notebook has a visible core path, and its asides are marked as *Deeper* sections.

A student should be able to follow the core of a notebook in one sitting: the opening cell says
how long the core path takes ("**Core path:** about N minutes …"), and the numerics asides (how
a formula is computed stably, how large a test set can get, proofs, extra simulations) stand in
level-2 sections whose heading starts with "Deeper:". Each Deeper section runs to the next
level-2 heading. The exercises (from the heading "Exercises", of level 2 or 3, to the end) are
practice, not reading, and not part of the core either: their statements carry what the student
needs to run a check (issue 46). The core — every other markdown cell that is not a solution —
must stay within :data:`CORE_WORDS`, and the stated time must be realistic for it.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import NOTEBOOKS

#: Most words of prose a notebook's core path may have (about 15 minutes of careful reading).
CORE_WORDS = 2600
#: Words per minute for careful reading of technical text with formulas (the stated time must
#: be at least the core's words at this pace).
READING_PACE = 200
CORE_LINE = re.compile(r"^\*\*Core path:\*\* about (\d+) minutes", re.MULTILINE)
DEEPER = re.compile(r"^## Deeper: \S", re.MULTILINE)
EXERCISES = re.compile(r"^#{2,3} Exercises\b", re.MULTILINE)

STEMS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


def _cells(stem: str) -> list[dict]:
    with open(NOTEBOOKS / f"{stem}.ipynb", encoding="utf-8") as handle:
        return json.load(handle)["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _is(cell: dict, tag: str) -> bool:
    return tag in cell.get("metadata", {}).get("tags", [])


def _core_and_deeper(stem: str) -> tuple[list[str], list[str]]:
    """Markdown of the core path and of the Deeper sections (solutions, navigation and the
    exercises left out)."""
    core, deeper, in_deeper = [], [], False
    for cell in _cells(stem):
        text = _source(cell)
        exercises = EXERCISES.search(text) if cell["cell_type"] == "markdown" else None
        if exercises:  # the rest of the notebook is its exercises
            core.append(text[: exercises.start()])
            break
        if cell["cell_type"] == "markdown" and re.search(r"^## ", text, re.MULTILINE):
            level_two = [line for line in text.splitlines() if line.startswith("## ")]
            in_deeper = level_two[-1].startswith("## Deeper: ")
        if cell["cell_type"] != "markdown" or _is(cell, "solution") or _is(cell, "navigation"):
            continue
        (deeper if in_deeper else core).append(text)
    return core, deeper


def _words(texts: list[str]) -> int:
    return sum(len(re.findall(r"\w+", text)) for text in texts)


def _opening(stem: str) -> str:
    cells = [c for c in _cells(stem) if c["cell_type"] == "markdown"]
    return next(_source(c) for c in cells if not _is(c, "navigation"))


@pytest.mark.parametrize("stem", STEMS)
def test_the_opening_says_how_long_the_core_path_takes(stem):
    match = CORE_LINE.search(_opening(stem))
    assert match, f"{stem}: the opening needs a line '**Core path:** about N minutes …'"
    core, _ = _core_and_deeper(stem)
    minutes = int(match.group(1))
    assert minutes >= _words(core) // READING_PACE, (
        f"{stem}: {_words(core)} words of core prose take more than the stated {minutes} minutes"
    )


@pytest.mark.parametrize("stem", STEMS)
def test_the_core_path_is_short_enough_to_follow(stem):
    core, deeper = _core_and_deeper(stem)
    assert _words(core) <= CORE_WORDS, (
        f"{stem}: the core path has {_words(core)} words of prose (at most {CORE_WORDS}); move "
        f"asides into '## Deeper: …' sections ({_words(deeper)} words there now)"
    )


@pytest.mark.parametrize("stem", STEMS)
def test_every_notebook_has_an_exercises_heading(stem):
    # the core path ends there (an exercise section without the heading would count as core)
    assert any(EXERCISES.search(_source(c)) for c in _cells(stem) if c["cell_type"] == "markdown")


@pytest.mark.parametrize("stem", STEMS)
def test_deeper_sections_are_marked_in_their_heading(stem):
    # a Deeper section is a level-2 section; a 'Deeper' written any other way is not recognised
    for cell in _cells(stem):
        if cell["cell_type"] != "markdown":
            continue
        for line in _source(cell).splitlines():
            if re.match(r"^#+ .*\bDeeper\b", line):
                assert DEEPER.match(line), f"{stem}: write it as '## Deeper: …': {line!r}"
