"""The exercises' checks (notebooks/checks/, otter-grader test files): right, helpful and complete.

Every exercise with a computed answer has a check file ``notebooks/checks/qNN_k.py`` and, after
its solution in the notebook, a check cell ``grader().check("qNN_k")`` (evalkit.exercises). Every
execution of a notebook (``make notebooks``, nbval, the browser tests) runs each check on the
notebook's own solution, and the committed output says it passed. Here each check file is run
by otter-grader directly against

* its own right answers (``RIGHT``), also with every interval given as a plain pair: it passes;
* the right answers with one of them wrong (each in turn; ``WRONG`` in the file may say how,
  else a number is moved by 10 % and 0.05, an interval shifted, a flag negated): it fails, the
  message carries the file's hint ("Reread ..."), and no rendering of the right value appears;
* nothing at all (a student copy before the answer is written): it fails and says what to store.

And the notebooks: every exercise is checked or marked "Discuss", every check cell has its file
and every file its cell, and no name a check reads is set before the exercises (else a student
copy would pass a check without an answer).
"""

from __future__ import annotations

import ast
import functools
import json
import numbers
import re
import sys
from pathlib import Path

import nbformat
import numpy as np
import pytest

from evalkit.results import Interval
from tests.conftest import NOTEBOOKS, REPO

otter_tests = pytest.importorskip("otter.test_files.exception_test")

sys.path.insert(0, str(REPO / "tools"))
from student import PLACEHOLDER_TAG, is_check, is_solution, student_copy  # noqa: E402

CHECKS = NOTEBOOKS / "checks"
FILES = sorted(CHECKS.glob("q*.py"))
NAMES = [p.stem for p in FILES]
STEMS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
CHECK_CALL = re.compile(r'grader\(\)\.check\("(q\d\d_\d+)"\)')
DISCUSS = "*(Discuss: no automatic check.)*"


@functools.cache
def _module(path: Path) -> dict:
    env: dict = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), env)
    return env


@functools.cache
def _test_file(path: Path):
    # read once (its RIGHT is computed when the file runs); each run replaces the results
    return otter_tests.ExceptionTestFile.from_file(str(path))


def _run(path: Path, answers: dict):
    test_file = _test_file(path)
    test_file.run(dict(answers))
    return test_file


def _wrong(value):
    if isinstance(value, Interval) or (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, numbers.Real) for v in value)
    ):
        low, high = value
        shift = max(0.05 * abs(high), 0.01)
        return (low + shift, high + shift)
    if isinstance(value, (bool, np.bool_)):
        return not value
    if isinstance(value, numbers.Integral):
        return int(value) + max(3, round(0.1 * abs(int(value))))
    if isinstance(value, numbers.Real):
        return float(value) * 1.1 + 0.05
    if isinstance(value, str):
        return value + " (not this)"
    array = np.asarray(value, dtype=float)
    return array * 1.1 + 0.05


def _renderings(value) -> set[str]:
    """How the right value might be printed: what must not appear in a failure's message."""
    if isinstance(value, Interval) or isinstance(value, tuple):
        return set().union(*(_renderings(v) for v in value))
    if isinstance(value, (bool, np.bool_, str)):
        return set()
    if isinstance(value, numbers.Integral):
        return {str(int(value))} if abs(int(value)) >= 100 else set()
    if isinstance(value, numbers.Real):
        v = float(value)
        if v in (0.0, 1.0):
            return set()
        return {f"{v:.4f}", f"{v:.4g}"}
    return set().union(*(_renderings(float(v)) for v in np.ravel(value)))


def _as_pairs(answers: dict) -> dict:
    return {k: (v.low, v.high) if isinstance(v, Interval) else v for k, v in answers.items()}


def test_there_are_checks():
    assert len(FILES) >= 30, f"{len(FILES)} check files in {CHECKS}"


@pytest.mark.parametrize("path", FILES, ids=NAMES)
def test_the_check_file_is_in_the_course_format(path):
    module = _module(path)
    assert module["name"] == path.stem
    assert module["OK_FORMAT"] is False
    assert isinstance(module.get("RIGHT"), dict) and module["RIGHT"], f"{path.stem}: RIGHT"
    assert module["HINT"].startswith("Reread "), f"{path.stem}: the hint says what to reread"
    test_file = _test_file(path)
    params = {p for case in test_file.test_cases for p in case.body._get_func_params()}
    assert params == set(module["RIGHT"]), f"{path.stem}: the checked names are RIGHT's"
    for case in test_file.test_cases:
        assert case.failure_message == module["HINT"] or case.failure_message.startswith("Reread ")


@pytest.mark.parametrize("path", FILES, ids=NAMES)
def test_the_right_answers_pass(path):
    right = _module(path)["RIGHT"]
    for answers in (right, _as_pairs(right)):
        result = _run(path, answers)
        assert result.passed_all, result.summary()


@pytest.mark.parametrize("path", FILES, ids=NAMES)
def test_a_wrong_answer_fails_with_the_hint_and_without_the_solution(path):
    module = _module(path)
    right, wrong = module["RIGHT"], module.get("WRONG", {})
    for name, value in right.items():
        answers = dict(right)
        answers[name] = wrong[name] if name in wrong else _wrong(value)
        result = _run(path, answers)
        summary = result.summary()
        assert not result.passed_all, f"{path.stem}: {name} = {answers[name]!r} passed"
        assert "Reread " in summary, f"{path.stem}: no hint for a wrong {name}:\n{summary}"
        assert name in summary, f"{path.stem}: the message does not name {name}:\n{summary}"
        shown = {r for r in _renderings(value) if r in summary}
        assert not shown, f"{path.stem}: a wrong {name} shows the right value {shown}:\n{summary}"


@pytest.mark.parametrize("path", FILES, ids=NAMES)
def test_an_empty_answer_says_what_to_store(path):
    result = _run(path, {})
    assert not result.passed_all
    assert "is not defined" in result.summary(), result.summary()


def _cells(stem: str) -> list:
    return nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4).cells


def _check_names(cells) -> list[str]:
    found = []
    for cell in cells:
        if is_check(cell):
            match = CHECK_CALL.fullmatch(cell.source.strip().splitlines()[-1])
            assert match, f'a check cell ends with grader().check("qNN_k"): {cell.source!r}'
            found.append(match.group(1))
    return found


def test_every_check_cell_has_its_file_and_every_file_its_cell():
    called = [name for stem in STEMS for name in _check_names(_cells(stem))]
    assert sorted(called) == NAMES, (set(called) ^ set(NAMES), len(called) - len(set(called)))
    for stem in STEMS:
        for name in _check_names(_cells(stem)):
            assert name[1:3] == stem[:2], f"{stem} calls {name}"


@pytest.mark.parametrize("stem", STEMS)
def test_every_exercise_is_checked_or_marked_discuss(stem):
    copy = student_copy(nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4))
    placeholders = [
        i for i, c in enumerate(copy.cells) if PLACEHOLDER_TAG in c.metadata.get("tags", [])
    ]
    checks = [i for i, c in enumerate(copy.cells) if is_check(c)]
    discussed = sum(c.source.count(DISCUSS) for c in copy.cells if c.cell_type == "markdown")
    assert len(set(checks)) + discussed >= len(placeholders), (
        f"{stem}: {len(placeholders)} exercises, {len(checks)} checks, {discussed} marked "
        f"{DISCUSS!r}"
    )
    # each check follows its exercise's answer cell
    for i in checks:
        assert any(p < i for p in placeholders), f"{stem}: a check cell before the first exercise"


def _assigned(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython magics; the notebooks have none outside solutions
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return names


@pytest.mark.parametrize("stem", STEMS)
def test_no_checked_name_is_set_before_the_exercises(stem):
    cells = _cells(stem)
    checked = set()
    for name in _check_names(cells):
        checked |= set(_module(CHECKS / f"{name}.py")["RIGHT"])
    elsewhere = set().union(
        *(_assigned(c.source) for c in cells if c.cell_type == "code" and not is_solution(c))
    )
    assert not checked & elsewhere, (
        f"{stem}: {sorted(checked & elsewhere)} set outside the solutions: a student copy would "
        "pass the check without an answer"
    )


def test_a_check_shows_the_same_text_on_every_run(monkeypatch):
    # the stored output of a check cell must not vary (otter drew an emoji at random for a pass)
    from evalkit.exercises import grader

    monkeypatch.chdir(NOTEBOOKS)
    right = _module(CHECKS / "q02_4.py")["RIGHT"]
    shown = set()
    for _ in range(3):
        result = grader().check("q02_4", dict(right))
        assert result.passed_all
        shown.add((repr(result), result._repr_html_()))
    ((text, html),) = shown
    assert text == "q02_4: all 2 checks passed."
    assert "<strong>q02_4</strong>: all 2 checks passed." in html
    wrong = grader().check("q02_4", {})
    assert not wrong.passed_all and "is not defined" in wrong._repr_html_()


@pytest.mark.parametrize("path", FILES, ids=NAMES)
def test_the_sealed_check_judges_as_the_teachers_check(path):
    # what students get (sealed: no answer inside) must pass and fail exactly what the
    # teacher's file passes and fails: right answers, each one wrong, nothing, pairs
    from evalkit.exercises import run_sealed, seal_check_file

    sealed = json.loads(json.dumps(seal_check_file(path)))  # as written to and read from disk
    module = _module(path)
    right, wrong = module["RIGHT"], module.get("WRONG", {})
    trials = [dict(right), _as_pairs(right), {}]
    for name, value in right.items():
        answers = dict(right)
        answers[name] = wrong[name] if name in wrong else _wrong(value)
        trials.append(answers)
    for answers in trials:
        teacher = [r.passed for r in _run(path, answers).test_case_results]
        student = run_sealed(sealed, answers)
        assert [c.passed for c in student.cases] == teacher, (path.stem, answers)
        if not student.passed_all:
            text = student.summary()
            assert text.count("Hint: Reread") == 1, text  # the hint once per exercise
            assert "Error at line" not in text and "expect_" not in text, text


def test_the_checks_a_student_gets_hold_no_code_and_no_answer(tmp_path):
    from evalkit.exercises import write_sealed_checks

    (tmp_path / "q99_1.py").write_text("leftover from an earlier course: RIGHT = {}")
    written = write_sealed_checks(CHECKS, tmp_path)
    assert sorted(p.stem for p in written) == NAMES
    assert not list(tmp_path.glob("*.py")), "a teacher's file survived beside the sealed ones"
    for path in written:
        sealed = json.loads(path.read_text(encoding="utf-8"))
        assert sealed["format"] == "evalkit-sealed-check/1" and sealed["name"] == path.stem
        assert all(case["hint"].startswith("Reread ") for case in sealed["cases"])
    # a second run keeps what did not change (the same salts), and reseals what did
    before = {p: p.read_bytes() for p in written}
    write_sealed_checks(CHECKS, tmp_path)
    assert all(p.read_bytes() == data for p, data in before.items())


def test_a_check_that_cannot_be_sealed_is_refused(tmp_path):
    from evalkit.exercises import SealingError, seal_check_file

    derived = tmp_path / "q99_1.py"
    derived.write_text(
        "from otter.test_files import test_case\n"
        "from evalkit.exercises import expect_number, expect_true\n"
        "name = 'q99_1'\nRIGHT = {'x': 1.5}\n"
        "@test_case(name='x', points=1)\n"
        "def check(x):\n"
        "    expect_number('x', x * 2, 3.0)\n"
    )
    with pytest.raises(SealingError, match="computes with the student's variables"):
        seal_check_file(derived)
    derived.write_text(
        derived.read_text().replace(
            "expect_number('x', x * 2, 3.0)", "expect_true(True, 'too small')"
        )
    )
    with pytest.raises(SealingError, match="expect_true cannot be sealed"):
        seal_check_file(derived)


def test_hidden_test_cases_stay_with_the_grader(tmp_path):
    from evalkit.exercises import run_sealed, seal_check_file

    path = tmp_path / "q99_2.py"
    path.write_text(
        "from otter.test_files import test_case\n"
        "from evalkit.exercises import expect_number\n"
        "name = 'q99_2'\nRIGHT = {'x': 1.5, 'y': 2.5}\n"
        "@test_case(name='x', points=1, failure_message='Reread 1')\n"
        "def check_x(x):\n    expect_number('x', x, RIGHT['x'])\n"
        "@test_case(name='y', points=1, hidden=True)\n"
        "def check_y(y):\n    expect_number('y', y, RIGHT['y'])\n"
    )
    sealed = seal_check_file(path)
    assert [c["name"] for c in sealed["cases"]] == ["x"] and sealed["hidden"] == 1
    assert "2.5" not in json.dumps(sealed)
    assert (
        repr(run_sealed(sealed, {"x": 1.5})) == "q99_2: the check passed (the grader runs 1 more)."
    )


def test_in_the_grading_sandbox_a_check_cell_checks_nothing(monkeypatch):
    from evalkit.exercises import grader

    monkeypatch.setenv("EVALKIT_GRADING", "1")
    result = grader("no-such-folder").check("q02_1", {})
    assert not result.passed_all and "make grade checks the answers" in repr(result)


_IMPORT_PROBE = """
import importlib.util, json, sys
{before}
{imports}
print(json.dumps({{
    "otter": "otter" in sys.modules,
    "jsonschema": "jsonschema" in sys.modules,
    "iri_parsers": "rfc3987_syntax" in sys.modules,
    "iri_checks": "iri" in __import__("jsonschema").FormatChecker.checkers,
    "hidden": sys.modules.get("rfc3987_syntax", 0) is None,
    "importable": importlib.util.find_spec("rfc3987_syntax") is not None,
}}))
"""


_THE_GRADER = "from evalkit.exercises import _otter_test_file_class\n_otter_test_file_class()"


def _import_probe(before: str = "", imports: str = _THE_GRADER) -> dict:
    import json
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_PROBE.format(before=before, imports=imports)],
        capture_output=True, text=True, check=True, cwd=REPO,
    )  # fmt: skip
    return json.loads(done.stdout)


def _skip_unless_installed(*names: str) -> None:
    """Skip unless every package is installed; without importing them (pytest.importorskip would,
    and rfc3987_syntax's import builds the parsers these tests keep out: 2 s of CPU)."""
    import importlib.util

    lacking = [name for name in names if importlib.util.find_spec(name) is None]
    if lacking:
        pytest.skip(f"not installed: {', '.join(lacking)}")


def test_the_grader_imports_otter_without_jsonschemas_iri_parsers():
    # a notebook's first check imports otter, and so nbformat and jsonschema, whose optional IRI
    # checker (rfc3987_syntax) builds its parsers on import: 2 s of CPU for nothing otter uses
    _skip_unless_installed("rfc3987_syntax")
    seen = _import_probe()
    assert seen["otter"] and seen["jsonschema"]
    assert not seen["iri_parsers"] and not seen["iri_checks"]
    assert not seen["hidden"] and seen["importable"], "rfc3987_syntax stays hidden afterwards"
    # where jsonschema was imported before, with its IRI checks, nothing is taken from it (the
    # block otter is imported in, around nbformat's import: otter's own import is not needed
    # to see that, and would cost the test another second of CPU)
    block = "from evalkit.exercises import _without_iri_parsers\nwith _without_iri_parsers():"
    seen = _import_probe("import jsonschema", imports=f"{block}\n    import nbformat")
    assert seen["iri_parsers"] and seen["iri_checks"]
    assert not seen["hidden"] and seen["importable"]


_NBVAL_PROBE = """
import json, sys
import pytest
pytest.main(sys.argv[1:])
print(json.dumps({"nbval": "nbval.plugin" in sys.modules, "iri": "rfc3987_syntax" in sys.modules}))
"""


def test_nbvals_runs_import_nbformat_without_the_iri_parsers():
    # make test-notebooks loads tests/plain_nbformat.py as a plugin (the Makefile's NBVAL): it is
    # imported before nbval's plugin, whose import of nbformat would otherwise build the parsers
    import json
    import subprocess

    _skip_unless_installed("rfc3987_syntax", "nbval")
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    nbval = re.search(r"^NBVAL\s*:=(.*?[^\\])$", makefile, re.MULTILINE | re.DOTALL).group(1)
    assert "-p tests.plain_nbformat" in nbval

    def probe(*plugin: str) -> dict:
        args = ["--nbval", "--collect-only", "-q", "-p", "no:cacheprovider", *plugin]
        done = subprocess.run(
            [sys.executable, "-c", _NBVAL_PROBE, *args, "notebooks/00_start_here.ipynb"],
            capture_output=True, text=True, check=True, cwd=REPO,
        )  # fmt: skip
        return json.loads(done.stdout.strip().splitlines()[-1])

    # (without the plugin the same run has them: not run here, it costs 3.5 s of CPU)
    assert probe("-p", "tests.plain_nbformat") == {"nbval": True, "iri": False}
