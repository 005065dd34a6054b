"""The course's exercise checks: what ``grader().check("q02_1")`` runs, and its comparisons.

Every exercise of the course with a computed answer has a check. The teacher's check is an
otter-grader test file in ``notebooks/checks/`` (``q02_1.py`` for notebook 02's first exercise):
its ``RIGHT`` holds the right answers, and each ``@test_case`` function compares a notebook
variable with one of them through the comparisons of this module (:func:`expect_number`,
:func:`expect_numbers`, :func:`expect_interval`, :func:`expect_integer`,
:func:`expect_integers`, :func:`expect_at_least`, :func:`expect_choice`). Each comparison accepts
every correct answer, not one spelling of it (a number within a tolerance, an
:class:`~evalkit.results.Interval` or a pair of numbers, any integer type), and when the answer is
wrong raises an :class:`AssertionError` that says what was checked and shows the student's value,
never the expected one.

Students never get the teacher's files. They get **sealed checks** (``qNN_k.json``, written by
:func:`write_sealed_checks` for ``make lab``, ``make student`` and ``make assign``): the same
comparisons, on the same variables, with the same messages and hints, but each right answer kept
as salted hashes (:mod:`evalkit.sealing`), and no code at all. A notebook's check cell::

    from evalkit.exercises import grader
    grader().check("q02_1")   # after writing the answer into the names the exercise gives

runs the sealed check ``checks/q02_1.json`` beside the notebook, or, in the course's own
notebooks (``notebooks/checks`` holds the teacher's files), seals ``checks/q02_1.py`` on the spot
and runs that: one path, one display. The display says which checks passed, shows each failure's
message and the exercise's hint once, and never the answer.

Grading is another matter (``make grade``, ``tools/grade.py``): the submission is executed in a
sandbox, only its answer variables come out, as plain data, and the teacher's checks run on them
in a process the student's code never touched. Inside that sandbox (``EVALKIT_GRADING=1``) a
check cell checks nothing and says so.
"""

from __future__ import annotations

import contextvars
import functools
import hashlib
import html
import json
import math
import numbers
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evalkit.results import Interval
from evalkit.sealing import SealedChoice, SealedInteger, SealedNumber, from_dict, normal_choice

__all__ = [
    "CHECKS_FOLDER",
    "CheckResult",
    "SealingError",
    "expect_at_least",
    "expect_choice",
    "expect_integer",
    "expect_integers",
    "expect_interval",
    "expect_number",
    "expect_numbers",
    "expect_true",
    "grader",
    "seal_check_file",
    "write_sealed_checks",
]

#: The folder, beside the notebooks, that holds the checks (``notebooks/checks``: the teacher's
#: ``.py`` files; ``work/checks`` and ``make assign``'s ``student/checks``: sealed ``.json``).
CHECKS_FOLDER = "checks"
#: The format name of a sealed check file.
SEALED_FORMAT = "evalkit-sealed-check/1"
#: Set to 1 in the grading sandbox (tools/grade.py): check cells then check nothing.
GRADING_VARIABLE = "EVALKIT_GRADING"


class SealingError(ValueError):
    """A teacher's check file cannot be sealed: a check compares something other than a variable."""


# ---------------------------------------------------------------------------------------------
# recording a teacher's check file, to seal it


class _Probe:
    """Stands for a student's variable while a check file is recorded for sealing."""

    def __init__(self, variable: str) -> None:
        self.variable = variable

    def __repr__(self) -> str:
        return f"<the student's {self.variable}>"


@dataclass
class _Recorder:
    expectations: list[dict[str, Any]] = field(default_factory=list)

    def add(self, kind: str, label: str, value: Any, **entry: Any) -> None:
        if not isinstance(value, _Probe):
            raise SealingError(
                f"expect_{kind}({label!r}, ...) compares a value computed from the student's "
                "variables: a sealed check compares the variable itself. Pass the test case's "
                f"parameter to expect_{kind} unchanged (got {value!r:.60})."
            )
        self.expectations.append(
            {"kind": kind, "variable": value.variable, "label": label, **entry}
        )


_RECORDING: contextvars.ContextVar[_Recorder | None] = contextvars.ContextVar(
    "evalkit_exercises_recording", default=None
)


def _recording() -> _Recorder | None:
    return _RECORDING.get()


@contextmanager
def _record() -> Iterator[_Recorder]:
    recorder = _Recorder()
    token = _RECORDING.set(recorder)
    try:
        yield recorder
    finally:
        _RECORDING.reset(token)


@contextmanager
def _without_iri_parsers() -> Iterator[None]:
    """Within the block, a first import of jsonschema leaves out its IRI format checks.

    jsonschema's format checkers import the optional ``rfc3987_syntax``, which builds about 35
    Earley parsers (lark) on import: 2 s of CPU (python-jsonschema/jsonschema#1428), two thirds
    of otter's import, which imports nbformat and so jsonschema. Nothing otter, nbformat or
    nbconvert validates uses a format checker (no schema of theirs has an ``iri`` format), so the
    module is hidden in the block: ``import rfc3987_syntax`` raises ImportError, which jsonschema
    expects of an optional backend, and it registers no IRI checks. Nothing is hidden when
    jsonschema is imported already (it has made its choice), and the module is importable again
    after the block.
    """
    hide = "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules
    if hide:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if hide and sys.modules.get("rfc3987_syntax", False) is None:
            del sys.modules["rfc3987_syntax"]


def _otter_test_file_class() -> type:
    """otter's ``ExceptionTestFile``, imported without jsonschema's IRI parsers (2 s less)."""
    with _without_iri_parsers():
        from otter.test_files.exception_test import ExceptionTestFile
    return ExceptionTestFile


def seal_check_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The sealed form of a teacher's check file: plain data, every right answer hashed.

    The file is loaded by otter-grader (its ``RIGHT`` is computed), and each visible test case
    is called once with stand-ins for the student's variables, recording every comparison it
    makes: which variable, with what tolerance or options, against which right answer, which is
    then sealed (:mod:`evalkit.sealing`). Hidden test cases (``@test_case(hidden=True)``) are
    left out: only the grader runs them.

    Parameters
    ----------
    path : str or path-like
        A check file ``qNN_k.py`` in otter-grader's exception-based format.

    Returns
    -------
    dict
        ``{"format", "name", "source_sha256", "cases": [{"name", "points", "hint",
        "expectations": [...]}], "hidden": n}``, ready for :func:`json.dump`.

    Raises
    ------
    SealingError
        If a test case compares anything but one of its parameters, or uses
        :func:`expect_true` (a condition cannot be sealed).

    Examples
    --------
    >>> from pathlib import Path
    >>> from evalkit import exercises
    >>> folder = Path(exercises.__file__).resolve().parents[1] / "notebooks" / "checks"
    >>> sealed = seal_check_file(folder / "q02_1.py") if folder.is_dir() else None
    """
    path = Path(path)
    source = path.read_bytes()
    test_file = _otter_test_file_class().from_file(str(path))
    cases, hidden = [], 0
    for case in test_file.test_cases:
        if case.hidden:
            hidden += 1
            continue
        parameters = case.body._get_func_params()
        if "env" in parameters:
            raise SealingError(f"{path.name}, {case.name}: a test case that takes env")
        with _record() as recorder:
            try:
                case.body.call_func({name: _Probe(name) for name in parameters})
            except SealingError:
                raise
            except Exception as error:  # it computed with a stand-in for the student's value
                raise SealingError(
                    f"{path.name}, {case.name}: the test case computes with the student's "
                    f"variables ({type(error).__name__}: {error}); a sealed check compares the "
                    "variable itself through one of the expect_* functions"
                ) from error
        if not recorder.expectations:
            raise SealingError(f"{path.name}, {case.name}: the test case compares nothing")
        cases.append({
            "name": case.name, "points": case.points, "hint": case.failure_message or "",
            "expectations": recorder.expectations,
        })  # fmt: skip
    return {
        "format": SEALED_FORMAT,
        "name": test_file.name,
        "source_sha256": hashlib.sha256(source).hexdigest(),
        "cases": cases,
        "hidden": hidden,
    }


def write_sealed_checks(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> list[Path]:
    """Seal every check file ``source/q*.py`` into ``dest/q*.json``; what students are given.

    A sealed file whose teacher's file has not changed (the same ``source_sha256``) is kept, so
    that a second ``make lab`` costs nothing. Teacher's files (``q*.py``) found in ``dest``, as
    earlier versions of the course copied them there, are removed: they hold the answers.

    Parameters
    ----------
    source : str or path-like
        The folder of the teacher's check files (``notebooks/checks``).
    dest : str or path-like
        The folder of the sealed checks (``work/checks``, ``student/checks``).

    Returns
    -------
    list of pathlib.Path
        The sealed files, one per check file.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     write_sealed_checks(tmp, Path(tmp, "sealed"))
    []
    """
    source, dest = Path(source), Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    for stale in dest.glob("q*.py"):
        stale.unlink()
    written = []
    for path in sorted(source.glob("q*.py")):
        target = dest / f"{path.stem}.json"
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        try:
            kept = json.loads(target.read_text(encoding="utf-8")).get("source_sha256") == digest
        except (OSError, ValueError, AttributeError):
            kept = False
        if not kept:
            sealed = seal_check_file(path)
            target.write_text(json.dumps(sealed, indent=1, ensure_ascii=False) + "\n", "utf-8")
        written.append(target)
    return written


# ---------------------------------------------------------------------------------------------
# the student's side: running a check


@dataclass(frozen=True)
class CaseResult:
    """One test case of a check: its name, whether it passed, and the failure's message."""

    name: str
    passed: bool
    message: str
    hint: str
    points: float


class CheckResult:
    """The result of ``grader().check("q02_1")``: each case's outcome, shown with the hint once.

    Attributes
    ----------
    name : str
        The check's name (``"q02_1"``).
    cases : list of CaseResult
        The visible test cases, in order.
    hidden : int
        How many more test cases only the grader runs.
    note : str
        Set instead of results where nothing was checked (in the grading sandbox).

    Examples
    --------
    >>> result = CheckResult("q02_1", [CaseResult("x", True, "", "Reread ...", 1)])
    >>> result.passed_all, repr(result)
    (True, 'q02_1: the check passed.')
    """

    def __init__(self, name: str, cases: list[CaseResult], hidden: int = 0, note: str = "") -> None:
        self.name, self.cases, self.hidden, self.note = name, list(cases), hidden, note

    @property
    def passed_all(self) -> bool:
        """Whether every visible test case passed (False where nothing was checked)."""
        return bool(self.cases) and all(case.passed for case in self.cases)

    @property
    def score(self) -> float:
        """The points of the visible test cases that passed."""
        return float(sum(case.points for case in self.cases if case.passed))

    @property
    def possible(self) -> float:
        """The points of the visible test cases."""
        return float(sum(case.points for case in self.cases))

    def _headline(self) -> str:
        if self.note:
            return f"{self.name}: {self.note}"
        count, passed = len(self.cases), sum(case.passed for case in self.cases)
        more = f" (the grader runs {self.hidden} more)" if self.hidden else ""
        if passed == count:
            return (
                f"{self.name}: {'the check' if count == 1 else f'all {count} checks'} passed{more}."
            )
        return f"{self.name}: {passed} of {count} check{'s' if count != 1 else ''} passed{more}."

    def _hints(self) -> list[str]:
        hints: list[str] = []
        for case in self.cases:
            if not case.passed and case.hint and case.hint not in hints:
                hints.append(case.hint)
        return hints

    def summary(self) -> str:
        """The result as plain text: the headline, each failure's message, the hint once."""
        lines = [self._headline()]
        lines += [f"- Not yet: {case.message}" for case in self.cases if not case.passed]
        lines += [f"Hint: {hint}" for hint in self._hints()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        style = "overflow-wrap: normal; word-break: normal; hyphens: none"
        parts = [f'<div class="evalkit-check" style="{style}">']
        head = html.escape(self._headline()).replace(
            html.escape(self.name), f"<strong>{html.escape(self.name)}</strong>", 1
        )
        parts.append(f"<p>{head}</p>")
        failed = [case for case in self.cases if not case.passed]
        if failed:
            items = "".join(f"<li>Not yet: {html.escape(case.message)}</li>" for case in failed)
            parts.append(f"<ul>{items}</ul>")
        parts += [f"<p><em>Hint:</em> {html.escape(hint)}</p>" for hint in self._hints()]
        parts.append("</div>")
        return "".join(parts)


def _run_expectation(expectation: Mapping[str, Any], env: Mapping[str, Any]) -> None:
    kind = expectation["kind"]
    value = env.get(expectation["variable"])
    label, what = expectation["label"], expectation.get("what", "the answer")
    sealed = expectation.get("sealed")
    expected = from_dict(sealed) if sealed is not None else None
    if kind == "number":
        expect_number(label, value, expected, what=what)
    elif kind == "numbers":
        expect_numbers(label, value, expected, what=what)
    elif kind == "interval":
        expect_interval(label, value, expected, what=what)
    elif kind == "integer":
        expect_integer(label, value, expected, what=what)
    elif kind == "integers":
        expect_integers(label, value, expected, what=what)
    elif kind == "choice":
        expect_choice(label, value, expected, options=expectation["options"], what=what)
    elif kind == "at_least":
        expect_at_least(label, value, expectation["fewest"], what=what)
    else:
        raise ValueError(f"a sealed check with an unknown kind of comparison: {kind!r}")


def run_sealed(sealed: Mapping[str, Any], env: Mapping[str, Any]) -> CheckResult:
    """Run a sealed check on the variables ``env``; the result says what passed.

    Parameters
    ----------
    sealed : mapping
        What :func:`seal_check_file` returns (or its JSON file, read).
    env : mapping
        The notebook's variables.

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> from pathlib import Path
    >>> from evalkit import exercises
    >>> folder = Path(exercises.__file__).resolve().parents[1] / "notebooks" / "checks"
    >>> if folder.is_dir():
    ...     print(run_sealed(seal_check_file(folder / "q02_1.py"), {}).summary().splitlines()[0])
    q02_1: 0 of 2 checks passed.
    """
    if sealed.get("format") != SEALED_FORMAT:
        raise ValueError(f"not a sealed check ({SEALED_FORMAT}): format {sealed.get('format')!r}")
    results = []
    for case in sealed["cases"]:
        message, passed = "", True
        for expectation in case["expectations"]:
            try:
                _run_expectation(expectation, env)
            except AssertionError as failure:
                message, passed = str(failure), False
                break
        results.append(CaseResult(case["name"], passed, message, case["hint"], case["points"]))
    return CheckResult(sealed["name"], results, int(sealed.get("hidden", 0)))


@functools.lru_cache(maxsize=64)
def _sealed_from_teachers_file(path: str, mtime: float) -> dict[str, Any]:
    # the course's own notebooks: their checks are the teacher's files, sealed once per kernel
    return seal_check_file(path)


class Checker:
    """What :func:`grader` returns: ``check(name)`` runs a check on the caller's variables."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def sealed(self, name: str) -> dict[str, Any]:
        """The sealed check ``name``: ``name.json`` in the folder, else ``name.py`` sealed now."""
        sealed_file, teachers = self.folder / f"{name}.json", self.folder / f"{name}.py"
        if sealed_file.is_file():
            return json.loads(sealed_file.read_text(encoding="utf-8"))
        if teachers.is_file():
            return _sealed_from_teachers_file(str(teachers), teachers.stat().st_mtime)
        raise FileNotFoundError(
            f"no check {name!r} in {self.folder}: neither {name}.json nor {name}.py is there"
        )

    def check(self, name: str, global_env: Mapping[str, Any] | None = None) -> CheckResult:
        """Run check ``name`` on ``global_env`` (default: the caller's global variables).

        Parameters
        ----------
        name : str
            The check's name, ``"q02_1"``.
        global_env : mapping, optional
            The variables to check; by default the calling notebook's.

        Returns
        -------
        CheckResult
        """
        if os.environ.get(GRADING_VARIABLE) == "1":
            note = "not checked here; make grade checks the answers outside the notebook."
            return CheckResult(name, [], note=note)
        if global_env is None:  # the caller's variables, as otter takes them
            global_env = sys._getframe(1).f_globals
        return run_sealed(self.sealed(name), global_env)


def grader(tests_dir: str | os.PathLike[str] = CHECKS_FOLDER) -> Checker:
    """Return the checker whose ``check("q02_1")`` runs an exercise's check in this notebook.

    Parameters
    ----------
    tests_dir : str or path-like, default ``"checks"``
        The folder of the checks, relative to the notebook's folder (Jupyter runs a notebook's
        kernel there).

    Returns
    -------
    Checker
        ``check(name)`` returns a :class:`CheckResult`, shown as "q02_1: all 2 checks passed."
        or with each failure's message and the hint.

    Raises
    ------
    FileNotFoundError
        If ``tests_dir`` is not a folder: the checks were not put beside the notebook.

    Examples
    --------
    >>> from pathlib import Path
    >>> from evalkit import exercises
    >>> folder = Path(exercises.__file__).resolve().parents[1] / "notebooks" / "checks"
    >>> checker = exercises.grader(folder) if folder.is_dir() else None
    """
    folder = Path(tests_dir)
    if not folder.is_dir() and os.environ.get(GRADING_VARIABLE) != "1":
        raise FileNotFoundError(
            f"tests_dir={str(tests_dir)!r}: no such folder beside this notebook "
            f"({Path.cwd()}). The exercise checks are put beside the student copies by "
            "`make lab` (work/checks), `make student` and `make assign`."
        )
    return Checker(folder)


# ---------------------------------------------------------------------------------------------
# the comparisons


def _missing(name: str, what: str) -> AssertionError:
    return AssertionError(
        f"{name} is not defined (or is None): store {what} in a variable named {name} and run "
        f"that cell before this check."
    )


def _as_number(name: str, value: Any, what: str) -> float:
    if value is None:
        raise _missing(name, what)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        try:
            import numpy as np

            array = np.asarray(value)
        except Exception:
            array = None
        if array is None or array.shape != () or array.dtype.kind not in "iuf":
            raise AssertionError(
                f"{name} should be a number ({what}); it is {type(value).__name__} {_short(value)}."
            )
        value = array.item()
    number = float(value)
    if math.isnan(number):
        raise AssertionError(f"{name} is nan: {what} is a number.")
    return number


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _close(value: float, expected: float | SealedNumber, rel: float, abs_: float) -> bool:
    if isinstance(expected, SealedNumber):
        return expected.admits(value)
    return math.isclose(value, float(expected), rel_tol=rel, abs_tol=abs_)


def _tolerance_words(expected: Any, rel: float, abs_: float) -> str:
    if isinstance(expected, SealedNumber):
        rel, abs_ = expected.rel, expected.abs
    return f"a relative tolerance of {rel:g}" if rel else f"a tolerance of {abs_:g}"


def expect_number(
    name: str,
    value: Any,
    expected: float | SealedNumber,
    *,
    what: str = "the number the exercise asks for",
    rel: float = 1e-3,
    abs: float = 1e-6,
) -> None:
    """Check that ``value`` (a student's answer named ``name``) is ``expected`` within a tolerance.

    Parameters
    ----------
    name : str
        The variable's name, as the exercise gives it (used in the message).
    value : object
        The student's answer: any real number (Python, NumPy scalar, 0-d array).
    expected : float or SealedNumber
        The right answer (never shown), or its sealed form (which carries its tolerance).
    what : str
        What the number is, in words, for the message.
    rel, abs : float
        Relative and absolute tolerance (:func:`math.isclose`); the defaults accept a value
        rounded to 4 significant digits. A simulated answer gets a tolerance of a few of its
        standard errors, so that every seed passes.

    Raises
    ------
    AssertionError
        With a message that names the variable and shows its value, not ``expected``.

    Examples
    --------
    >>> expect_number("rate", 0.8000001, 0.8)
    >>> expect_number("rate", 0.75, 0.8, what="the accuracy")
    Traceback (most recent call last):
    ...
    AssertionError: rate = 0.75 is not the accuracy (compared with a relative tolerance of 0.001).
    """
    if (recorder := _recording()) is not None:
        sealed = SealedNumber.seal(expected, rel=rel, abs=abs).to_dict()
        return recorder.add("number", name, value, what=what, sealed=sealed)
    number = _as_number(name, value, what)
    if not _close(number, expected, rel, abs):
        raise AssertionError(
            f"{name} = {number:.6g} is not {what} (compared with "
            f"{_tolerance_words(expected, rel, abs)})."
        )


def _sequence(name: str, value: Any, count: int, what: str) -> list[Any]:
    if value is None:
        raise _missing(name, what)
    if isinstance(value, (str, bytes, Mapping)):
        values = None
    else:
        try:
            import numpy as np

            array = np.asarray(value, dtype=object)
            values = list(array.ravel()) if array.ndim == 1 else None
        except Exception:
            values = None
    if values is None or len(values) != count:
        raise AssertionError(
            f"{name} should be {count} numbers ({what}), in the order the exercise gives; it is "
            f"{type(value).__name__} {_short(value)}."
        )
    return values


def expect_numbers(
    name: str,
    value: Any,
    expected: Iterable[float | SealedNumber],
    *,
    what: str = "the numbers the exercise asks for",
    rel: float = 1e-3,
    abs: float = 1e-6,
) -> None:
    """Check a sequence of numbers (a list, tuple or 1-d array) element by element.

    Parameters
    ----------
    name : str
        The variable's name (used in the message).
    value : object
        The student's numbers.
    expected : iterable of float or SealedNumber
        The right numbers, in order (never shown), or their sealed forms.
    what : str
        What the numbers are, in words.
    rel, abs : float
        Relative and absolute tolerance of each number (:func:`math.isclose`).

    Raises
    ------
    AssertionError
        With a message that names the variable and shows its values, not ``expected``.

    Examples
    --------
    >>> import numpy as np
    >>> expect_numbers("cover", np.array([0.0, 0.97042]), [0.0, 0.970416])
    >>> right = [0.0, 0.970416]
    >>> expect_numbers("cover", [0.1, 0.9], right, what="the coverages")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: cover = [0.1, 0.9]: 2 of its 2 numbers are not the coverages (compared ...
    """
    want = list(expected)
    if (recorder := _recording()) is not None:
        sealed = [SealedNumber.seal(v, rel=rel, abs=abs).to_dict() for v in want]
        return recorder.add("numbers", name, value, what=what, sealed=sealed)
    got = [
        _as_number(f"{name}[{i}]", v, what)
        for i, v in enumerate(_sequence(name, value, len(want), what))
    ]
    wrong = sum(not _close(g, w, rel, abs) for g, w in zip(got, want, strict=True))
    if wrong:
        shown = "[" + ", ".join(f"{v:.6g}" for v in got) + "]"
        first = want[0] if want else None
        raise AssertionError(
            f"{name} = {shown}: {wrong} of its {len(got)} numbers are not {what} (compared with "
            f"{_tolerance_words(first, rel, abs)})."
        )


def _as_integer(name: str, value: Any, what: str) -> int:
    # a planning result (evalkit.planning.SampleSize) answers "how many items?" with its trials
    if not isinstance(value, numbers.Real) and isinstance(
        getattr(value, "trials", None), numbers.Integral
    ):
        value = value.trials
    number = _as_number(name, value, what)
    if number != int(number):
        raise AssertionError(f"{name} = {number:g} is not a whole number: {what} is.")
    return int(number)


def _same_integer(value: int, expected: int | SealedInteger) -> bool:
    if isinstance(expected, SealedInteger):
        return expected.admits(value)
    return value == int(expected)


def expect_integer(
    name: str,
    value: Any,
    expected: int | SealedInteger,
    *,
    what: str = "the whole number the exercise asks for",
) -> None:
    """Check that ``value`` is the whole number ``expected``.

    Parameters
    ----------
    name : str
        The variable's name (used in the message).
    value : object
        Any integer type, a whole float, or a planning result (its ``trials``).
    expected : int or SealedInteger
        The right number (never shown), or its sealed form.
    what : str
        What the number is, in words.

    Raises
    ------
    AssertionError
        With a message that names the variable and shows its value, not ``expected``.

    Examples
    --------
    >>> import numpy as np
    >>> expect_integer("K", np.int64(1825), 1825)
    >>> expect_integer("K", 1900, 1825, what="the test-set size")
    Traceback (most recent call last):
    ...
    AssertionError: K = 1900 is not the test-set size.
    """
    if (recorder := _recording()) is not None:
        sealed = SealedInteger.seal(int(expected)).to_dict()
        return recorder.add("integer", name, value, what=what, sealed=sealed)
    number = _as_integer(name, value, what)
    if not _same_integer(number, expected):
        raise AssertionError(f"{name} = {number} is not {what}.")


def expect_integers(
    name: str,
    value: Any,
    expected: Iterable[int | SealedInteger],
    *,
    what: str = "the whole numbers the exercise asks for",
) -> None:
    """Check a sequence of whole numbers (a tuple, list or 1-d array), in order.

    Parameters
    ----------
    name : str
        The variable's name (used in the message).
    value : object
        The student's whole numbers.
    expected : iterable of int or SealedInteger
        The right numbers, in order (never shown), or their sealed forms.
    what : str
        What the numbers are, in words.

    Raises
    ------
    AssertionError
        Naming the first entry that is wrong, with its value.

    Examples
    --------
    >>> expect_integers("wins", (9, 15, 32), [9, 15, 32])
    >>> expect_integers("wins", [9, 14, 32], [9, 15, 32], what="the smallest Z")
    Traceback (most recent call last):
    ...
    AssertionError: wins[1] = 14 is not the smallest Z, entry 1.
    """
    want = list(expected)
    if (recorder := _recording()) is not None:
        sealed = [SealedInteger.seal(int(v)).to_dict() for v in want]
        return recorder.add("integers", name, value, what=what, sealed=sealed)
    for i, one in enumerate(_sequence(name, value, len(want), what)):
        number = _as_integer(f"{name}[{i}]", one, what)
        if not _same_integer(number, want[i]):
            raise AssertionError(f"{name}[{i}] = {number} is not {what}, entry {i}.")


def expect_at_least(
    name: str, value: Any, fewest: int, *, what: str = "the whole number the exercise asks for"
) -> None:
    """Check that ``value`` is a whole number of at least ``fewest`` (any larger one is right).

    Parameters
    ----------
    name : str
        The variable's name (used in the message).
    value : object
        The student's whole number.
    fewest : int
        The smallest number accepted (no secret: a sealed check keeps it as it is).
    what : str
        What the number is, in words.

    Raises
    ------
    AssertionError
        If ``value`` is smaller, or not a whole number.

    Examples
    --------
    >>> expect_at_least("rounds", 5000, 1000)
    >>> expect_at_least("rounds", 200, 1000, what="the number of resamples")
    Traceback (most recent call last):
    ...
    AssertionError: rounds = 200 is too small for the number of resamples.
    """
    if (recorder := _recording()) is not None:
        return recorder.add("at_least", name, value, what=what, fewest=int(fewest))
    number = _as_integer(name, value, what)
    if number < fewest:
        raise AssertionError(f"{name} = {number} is too small for {what}.")


def _as_limits(name: str, value: Any, what: str) -> tuple[Any, Any]:
    if value is None:
        raise _missing(name, what)
    if isinstance(value, Interval):
        return value.low, value.high
    try:
        low, high = value
    except (TypeError, ValueError):
        raise AssertionError(
            f"{name} should be an interval ({what}): an evalkit Interval or a pair "
            f"(low, high); it is {type(value).__name__} {_short(value)}."
        ) from None
    return low, high


def expect_interval(
    name: str,
    value: Any,
    expected: Interval | tuple[float, float] | tuple[SealedNumber, SealedNumber],
    *,
    what: str = "the interval the exercise asks for",
    rel: float = 1e-3,
    abs: float = 1e-5,
) -> None:
    """Check an interval: an :class:`~evalkit.results.Interval` or a pair ``(low, high)``.

    Both limits are compared with the expected ones within the tolerance (as
    :func:`expect_number`); the message shows the student's limits only.

    Parameters
    ----------
    name : str
        The variable's name (used in the message).
    value : object
        The student's interval: an Interval or a pair of numbers.
    expected : Interval, pair of float, or pair of SealedNumber
        The right interval (never shown), or its sealed limits.
    what : str
        What the interval is, in words.
    rel, abs : float
        Relative and absolute tolerance of each limit (:func:`math.isclose`).

    Raises
    ------
    AssertionError
        With a message that names the variable and shows its limits, not ``expected``.

    Examples
    --------
    >>> from evalkit.intervals import clopper_pearson
    >>> expect_interval("ci", clopper_pearson(47, 50), clopper_pearson(47, 50))
    >>> expect_interval("ci", (0.8345, 0.9875), clopper_pearson(47, 50))
    >>> right = clopper_pearson(47, 50)
    >>> expect_interval("ci", (0.85, 0.98), right, what="the 95 % interval")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: ci = [0.85, 0.98] is not the 95 % interval (each limit compared ...
    """
    want_low, want_high = _as_limits("expected", expected, what)
    if (recorder := _recording()) is not None:
        sealed = [
            SealedNumber.seal(float(v), rel=rel, abs=abs).to_dict() for v in (want_low, want_high)
        ]
        return recorder.add("interval", name, value, what=what, sealed=sealed)
    low_value, high_value = _as_limits(name, value, what)
    low = _as_number(f"{name}'s lower limit", low_value, what)
    high = _as_number(f"{name}'s upper limit", high_value, what)
    if low > high:
        raise AssertionError(
            f"{name} = [{low:.6g}, {high:.6g}]: its lower limit is above its upper."
        )
    if not (_close(low, want_low, rel, abs) and _close(high, want_high, rel, abs)):
        raise AssertionError(
            f"{name} = [{low:.6g}, {high:.6g}] is not {what} (each limit compared with "
            f"{_tolerance_words(want_low, rel, abs)})."
        )


def expect_true(condition: bool, message: str) -> None:
    """Check a condition on the answer; ``message`` says what is wrong (never the answer).

    A condition cannot be sealed: a check file for students uses the other comparisons.

    Parameters
    ----------
    condition : bool
        Whether the answer is right.
    message : str
        What is wrong when it is not.

    Raises
    ------
    AssertionError
        With ``message``, if ``condition`` is false.
    SealingError
        While a check file is being sealed.

    Examples
    --------
    >>> expect_true(0.3 < 0.5, "the bound is below the rule of three")
    >>> expect_true(False, "upper should lie below 3/K = 0.01.")
    Traceback (most recent call last):
    ...
    AssertionError: upper should lie below 3/K = 0.01.
    """
    if _recording() is not None:
        raise SealingError(
            "expect_true cannot be sealed (the condition is computed from the answer): compare "
            "the variable with expect_number, expect_integer, expect_choice or another expect_*"
        )
    if not bool(condition):
        raise AssertionError(message)


def expect_choice(
    name: str,
    value: Any,
    expected: str | Iterable[str] | SealedChoice,
    *,
    options: Iterable[str] | Mapping[str, Any],
    what: str = "the answer",
) -> None:
    """Check a choice among named options (a method's name, "A" or "B", "yes" or "no").

    Case, spaces, hyphens and underscores do not matter. A value that is not among the
    ``options`` gets a message listing them; a wrong option gets one that does not say which is
    right.

    Parameters
    ----------
    name : str
        The variable's name (used in the message).
    value : object
        The student's choice, a string.
    expected : str, iterable of str, or SealedChoice
        The right option (or its accepted spellings; never shown), or its sealed form.
    options : iterable of str
        Every option the exercise offers (shown when the value is none of them).
    what : str
        What the choice is, in words.

    Raises
    ------
    AssertionError
        If the choice is not among the options, or not the right one.

    Examples
    --------
    >>> expect_choice("better", "Wilson", "wilson", options=["wald", "wilson"])
    >>> expect_choice("better", "wald", "wilson", options=["wald", "wilson"], what="the method")
    Traceback (most recent call last):
    ...
    AssertionError: better = 'wald' is not the method.
    """
    options = list(options)
    if (recorder := _recording()) is not None:
        right = [expected] if isinstance(expected, str) else list(expected)
        sealed = SealedChoice.seal(right).to_dict()
        return recorder.add("choice", name, value, what=what, options=options, sealed=sealed)
    allowed = {normal_choice(o) for o in options}
    if value is None:
        raise _missing(name, f"{what} (one of {', '.join(map(repr, options))})")
    if not isinstance(value, str) or normal_choice(value) not in allowed:
        raise AssertionError(
            f"{name} = {_short(value)}: the answer is one of {', '.join(map(repr, options))}."
        )
    if isinstance(expected, SealedChoice):
        right_one = expected.admits(value)
    else:
        right = {expected} if isinstance(expected, str) else set(expected)
        right_one = normal_choice(value) in {normal_choice(e) for e in right}
    if not right_one:
        raise AssertionError(f"{name} = {value!r} is not {what}.")
