"""make assign and make grade (tools/assign.py, tools/grade.py): the teacher's side of the checks.

Three made-up submissions of notebook 00's student copy are graded by otter-grader, locally:
all right (every answer cell holds the notebook's solution), half right (the first exercise
answered, the second's answer cell stuck in a ``time.sleep``), and empty (the copy as handed
out). The CSV must give full points, the first exercise's points and nothing, and name the cell
that ran over the time limit.
"""

from __future__ import annotations

import csv
import sys
import zipfile

import nbformat
import pytest

from tests.conftest import NOTEBOOKS, REPO

pytest.importorskip("otter")
sys.path.insert(0, str(REPO / "tools"))
import assign
import grade
from student import PLACEHOLDER_TAG, is_check, is_solution, student_copy

STEM = "00_start_here"
SLEEP = "import time\n\ntime.sleep(600)  # a student's cell that never ends\n"


def exercise_of(cell) -> int:
    return int(cell.source.strip().rsplit('"', 2)[-2].split("_")[1])


def answered(stem: str, right: set[int], stuck: set[int] = frozenset()) -> nbformat.NotebookNode:
    """The student copy of ``stem`` with the exercises ``right`` answered by their solutions.

    The solution cells of an exercise are those before its check cell; an exercise in ``stuck``
    gets an answer cell that never ends.
    """
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    pending = []
    for cell in nb.cells:
        if is_solution(cell):
            pending.append(cell)
        elif is_check(cell):
            if exercise_of(cell) in right:  # keep them as ordinary cells: the student's answer
                for solution in pending:
                    solution.metadata["tags"].remove("solution")
            pending = []
    copy = student_copy(nb, stem)
    for i, cell in enumerate(copy.cells):
        later = [c for c in copy.cells[i:] if is_check(c)]
        if PLACEHOLDER_TAG in cell.metadata.get("tags", []) and later:
            if exercise_of(later[0]) in stuck:
                cell.source = SLEEP
    return copy


def test_the_submissions_are_what_they_say():
    checks = [
        exercise_of(c) for c in nbformat.read(NOTEBOOKS / f"{STEM}.ipynb", 4).cells if is_check(c)
    ]
    assert checks == [1, 2], f"{STEM}'s check cells: {checks}"
    empty = answered(STEM, set())
    assert not any(is_solution(c) for c in empty.cells)
    assert empty.metadata["evalkit"]["notebook"] == STEM


def test_make_assign_writes_the_copies_the_checks_and_the_autograders(tmp_path):
    copies, zips = assign.assign(tmp_path)
    assert [p.stem for p in copies] == sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    checks = sorted(p.name for p in (tmp_path / "student" / "checks").glob("q*.py"))
    assert checks == sorted(p.name for p in (NOTEBOOKS / "checks").glob("q*.py"))
    zip_00 = tmp_path / "autograder" / f"{STEM}.zip"
    assert zip_00 in zips
    with zipfile.ZipFile(zip_00) as archive:
        names = archive.namelist()
    assert sorted(n for n in names if n.startswith("tests/")) == [
        f"tests/{p.name}" for p in assign.checks_of(STEM)
    ]
    copy = nbformat.read(tmp_path / "student" / f"{STEM}.ipynb", as_version=4)
    assert all(c.outputs == [] for c in copy.cells if is_check(c)), "a check says passed"


@pytest.mark.slow
# otter 7's grading drops pandas columns with inplace=True, which pandas 3.1 deprecates: otter's
# to change, not the course's (a teacher's make grade does not show it: a DeprecationWarning
# raised in a library is hidden outside tests)
@pytest.mark.filterwarnings("ignore:The inplace keyword:DeprecationWarning:otter")
def test_make_grade_on_all_right_half_right_and_empty(tmp_path):
    folder = tmp_path / "submissions"
    folder.mkdir()
    nbformat.write(answered(STEM, {1, 2}), folder / "all_right.ipynb")
    nbformat.write(answered(STEM, {1}, stuck={2}), folder / "half_right.ipynb")
    nbformat.write(answered(STEM, set()), folder / "empty.ipynb")
    out = tmp_path / "grades.csv"
    assert grade.main([str(folder), "--out", str(out), "--timeout", "10"]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    possible, students = rows[0], {row["student"]: row for row in rows[1:]}
    assert possible["student"] == grade.POSSIBLE
    assert sorted(students) == ["all_right", "empty", "half_right"]
    exercises = [name for name in rows[0] if name.startswith("q00_")]
    assert exercises == ["q00_1", "q00_2"]
    points = {name: float(possible[name]) for name in exercises}
    assert all(p > 0 for p in points.values())
    full = sum(points.values())
    assert float(students["all_right"]["total"]) == full
    assert all(float(students["all_right"][n]) == points[n] for n in exercises)
    assert float(students["half_right"]["q00_1"]) == points["q00_1"]
    assert float(students["half_right"]["q00_2"]) == 0
    assert "ran over 10 s and was interrupted" in students["half_right"]["notes"]
    assert all(float(students["empty"][n]) == 0 for n in exercises)
    assert float(students["empty"]["total"]) == 0
    assert not students["all_right"]["notes"] and not students["empty"]["notes"]


def test_a_file_that_is_not_a_course_notebook_is_reported(tmp_path):
    (tmp_path / "stranger.ipynb").write_text(nbformat.writes(nbformat.v4.new_notebook()))
    graded, names = grade.grade(tmp_path)
    assert names == [] and graded[0].notes == ["stranger.ipynb: not a notebook of the course"]


def test_grade_refuses_a_missing_folder(tmp_path, capsys):
    assert grade.main([str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err
