"""The course's exercise checks: the comparisons behind ``grader.check("q02_1")``.

Every exercise of the course with a computed answer has a check, an otter-grader test file in
``notebooks/checks/`` (``q02_1.py`` for notebook 02's first exercise). A student runs it in place::

    grader = exercises.grader()   # once per notebook, in the exercises' first check cell
    grader.check("q02_1")         # after writing the answer into the names the exercise gives

otter-grader (the library of Berkeley's Data 8) finds the test file, runs it against the
notebook's variables and shows what passed; a teacher grades a folder of notebooks with the same
files (``make grade``, ``tools/grade.py``). This module holds what the test files share:

* :func:`grader`, otter's ``Notebook`` without its log file (``.OTTER_LOG``, which otter writes
  beside the notebook for its own submission zips; the course grades the notebooks themselves);
* the comparisons :func:`expect_number`, :func:`expect_numbers`, :func:`expect_interval`,
  :func:`expect_integer`, :func:`expect_true` and :func:`expect_choice`. Each accepts every
  correct answer, not one spelling of it (a number within a tolerance, an
  :class:`~evalkit.results.Interval` or a pair of numbers, any integer type), and when the
  answer is wrong raises an :class:`AssertionError` whose message says what was checked and
  shows the student's value, never the expected one.

The hint that points to the section to reread is the test case's ``failure_message``, which
otter prints above the result.
"""

from __future__ import annotations

import math
import numbers
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from evalkit.results import Interval

__all__ = [
    "CHECKS_FOLDER",
    "expect_at_least",
    "expect_choice",
    "expect_integer",
    "expect_interval",
    "expect_number",
    "expect_numbers",
    "expect_true",
    "grader",
]

#: The folder, beside the notebooks, that holds the check files (``notebooks/checks``; ``make
#: assign`` copies it beside the student copies).
CHECKS_FOLDER = "checks"

_GRADER_CLASS: type | None = None


def _grader_class() -> type:
    """otter's Notebook, without its log file; made once (importing otter takes a second)."""
    global _GRADER_CLASS
    if _GRADER_CLASS is None:
        Notebook = _otter_notebook()

        class CourseNotebook(Notebook):
            """otter.Notebook that writes no ``.OTTER_LOG`` file beside the notebook, and whose
            check results show the same text on every run."""

            def _log_event(self, *args: Any, **kwargs: Any) -> None:
                return None

            def check(self, question: str, global_env: dict | None = None) -> Any:
                if global_env is None:  # the caller's variables, as otter takes them
                    global_env = sys._getframe(1).f_globals
                return CheckResult(super().check(question, global_env))

        _GRADER_CLASS = CourseNotebook
    return _GRADER_CLASS


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


def _otter_notebook() -> type:
    """otter's ``Notebook`` class, imported without jsonschema's IRI parsers (2 s less)."""
    with _without_iri_parsers():
        from otter import Notebook
    return Notebook


class CheckResult:
    """otter's result of a check, shown without the emoji otter draws at random for a pass.

    Everything else (``passed_all``, ``summary()``, ``score`` …) is otter's ``TestFile``'s; the
    stored output of a notebook's check cell is then the same on every run.
    """

    def __init__(self, result: Any) -> None:
        self.result = result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.result, name)

    def __repr__(self) -> str:
        return repr(self.result)

    def _repr_html_(self) -> str:
        return re.sub(r" passed! \S+</p>", " passed!</p>", self.result._repr_html_())


def grader(tests_dir: str | os.PathLike[str] = CHECKS_FOLDER) -> Any:
    """Return the grader whose ``check("q02_1")`` runs an exercise's checks in this notebook.

    Parameters
    ----------
    tests_dir : str or path-like, default ``"checks"``
        The folder of the check files, relative to the notebook's folder (Jupyter runs a
        notebook's kernel there).

    Returns
    -------
    otter.Notebook
        otter-grader's ``Notebook`` (a subclass that writes no ``.OTTER_LOG`` beside the
        notebook). ``check(name)`` returns otter's result, shown as "q02_1 results: All test
        cases passed!" or with a hint for every failed case.

    Raises
    ------
    FileNotFoundError
        If ``tests_dir`` is not a folder: the checks were not copied beside the notebook.

    Examples
    --------
    >>> from pathlib import Path
    >>> from evalkit import exercises
    >>> folder = Path(exercises.__file__).resolve().parents[1] / "notebooks" / "checks"
    >>> grader = exercises.grader(folder) if folder.is_dir() else None
    """
    folder = Path(tests_dir)
    grading = getattr(_grader_class(), "_tests_dir_override", None) is not None
    if not folder.is_dir() and not grading:  # when otter grades, it says where the checks are
        raise FileNotFoundError(
            f"tests_dir={str(tests_dir)!r}: no such folder beside this notebook "
            f"({Path.cwd()}). The exercise checks live in notebooks/{CHECKS_FOLDER}/ of the "
            f"course; `make assign` copies them beside the student copies."
        )
    return _grader_class()(tests_dir=str(folder))


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


def _close(value: float, expected: float, rel: float, abs_: float) -> bool:
    return math.isclose(value, expected, rel_tol=rel, abs_tol=abs_)


def expect_number(
    name: str,
    value: Any,
    expected: float,
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
    expected : float
        The right answer (never shown).
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
    number = _as_number(name, value, what)
    if not _close(number, float(expected), rel, abs):
        raise AssertionError(
            f"{name} = {number:.6g} is not {what} (compared with "
            + (f"a relative tolerance of {rel:g})." if rel else f"a tolerance of {abs:g}).")
        )


def expect_numbers(
    name: str,
    value: Any,
    expected: Iterable[float],
    *,
    what: str = "the numbers the exercise asks for",
    rel: float = 1e-3,
    abs: float = 1e-6,
) -> None:
    """Check a sequence of numbers (a list, tuple or array) element by element.

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
    import numpy as np

    want = np.asarray(list(expected), dtype=float)
    if value is None:
        raise _missing(name, what)
    try:
        got = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise AssertionError(
            f"{name} should be {len(want)} numbers ({what}); it is {_short(value)}."
        ) from None
    if got.shape != want.shape:
        raise AssertionError(
            f"{name} has {got.size} number(s) in shape {got.shape}: {what} are {len(want)} "
            "numbers, in the order the exercise gives."
        )
    wrong = ~np.isclose(got, want, rtol=rel, atol=abs)
    if wrong.any():
        shown = "[" + ", ".join(f"{v:.6g}" for v in got) + "]"
        raise AssertionError(
            f"{name} = {shown}: {int(wrong.sum())} of its {got.size} numbers are not {what} "
            f"(compared with "
            + (f"a relative tolerance of {rel:g})." if rel else f"a tolerance of {abs:g}).")
        )


def expect_integer(
    name: str, value: Any, expected: int, *, what: str = "the whole number the exercise asks for"
) -> None:
    """Check that ``value`` is the whole number ``expected`` (any integer type, or a whole float).

    Examples
    --------
    >>> import numpy as np
    >>> expect_integer("K", np.int64(1825), 1825)
    >>> expect_integer("K", 1900, 1825, what="the test-set size")
    Traceback (most recent call last):
    ...
    AssertionError: K = 1900 is not the test-set size.
    """
    number = _as_number(name, value, what)
    if number != int(number):
        raise AssertionError(f"{name} = {number:g} is not a whole number: {what} is.")
    if int(number) != int(expected):
        raise AssertionError(f"{name} = {int(number)} is not {what}.")


def expect_at_least(
    name: str, value: Any, fewest: int, *, what: str = "the whole number the exercise asks for"
) -> None:
    """Check that ``value`` is a whole number of at least ``fewest`` (any larger one is right).

    Examples
    --------
    >>> expect_at_least("rounds", 5000, 1000)
    >>> expect_at_least("rounds", 200, 1000, what="the number of resamples")
    Traceback (most recent call last):
    ...
    AssertionError: rounds = 200 is too small for the number of resamples.
    """
    number = _as_number(name, value, what)
    if number != int(number):
        raise AssertionError(f"{name} = {number:g} is not a whole number: {what} is.")
    if int(number) < fewest:
        raise AssertionError(f"{name} = {int(number)} is too small for {what}.")


def _as_limits(name: str, value: Any, what: str) -> tuple[float, float]:
    if value is None:
        raise _missing(name, what)
    if isinstance(value, Interval):
        low, high = value.low, value.high
    else:
        try:
            low, high = value
        except (TypeError, ValueError):
            raise AssertionError(
                f"{name} should be an interval ({what}): an evalkit Interval or a pair "
                f"(low, high); it is {type(value).__name__} {_short(value)}."
            ) from None
    return _as_number(f"{name}'s lower limit", low, what), _as_number(
        f"{name}'s upper limit", high, what
    )


def expect_interval(
    name: str,
    value: Any,
    expected: Interval | tuple[float, float],
    *,
    what: str = "the interval the exercise asks for",
    rel: float = 1e-3,
    abs: float = 1e-5,
) -> None:
    """Check an interval: an :class:`~evalkit.results.Interval` or a pair ``(low, high)``.

    Both limits are compared with the expected ones within the tolerance (as
    :func:`expect_number`); the message shows the student's limits only.

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
    low, high = _as_limits(name, value, what)
    want_low, want_high = _as_limits("expected", expected, what)
    if low > high:
        raise AssertionError(
            f"{name} = [{low:.6g}, {high:.6g}]: its lower limit is above its upper."
        )
    if not (_close(low, want_low, rel, abs) and _close(high, want_high, rel, abs)):
        raise AssertionError(
            f"{name} = [{low:.6g}, {high:.6g}] is not {what} (each limit compared with "
            + (f"a relative tolerance of {rel:g})." if rel else f"a tolerance of {abs:g}).")
        )


def expect_true(condition: bool, message: str) -> None:
    """Check a condition on the answer; ``message`` says what is wrong (never the answer).

    Examples
    --------
    >>> expect_true(0.3 < 0.5, "the bound is below the rule of three")
    >>> expect_true(False, "upper should lie below 3/K = 0.01.")
    Traceback (most recent call last):
    ...
    AssertionError: upper should lie below 3/K = 0.01.
    """
    if not bool(condition):
        raise AssertionError(message)


def expect_choice(
    name: str,
    value: Any,
    expected: str | Iterable[str],
    *,
    options: Iterable[str] | Mapping[str, Any],
    what: str = "the answer",
) -> None:
    """Check a choice among named options (a method's name, "A" or "B", "yes" or "no").

    Case, spaces, hyphens and underscores do not matter. A value that is not among the
    ``options`` gets a message listing them; a wrong option gets one that does not say which is
    right.

    Examples
    --------
    >>> expect_choice("better", "Wilson", "wilson", options=["wald", "wilson"])
    >>> expect_choice("better", "wald", "wilson", options=["wald", "wilson"], what="the method")
    Traceback (most recent call last):
    ...
    AssertionError: better = 'wald' is not the method.
    """
    allowed = {_normal(o) for o in options}
    if value is None:
        raise _missing(name, f"{what} (one of {', '.join(map(repr, options))})")
    if not isinstance(value, str) or _normal(value) not in allowed:
        raise AssertionError(
            f"{name} = {_short(value)}: the answer is one of {', '.join(map(repr, options))}."
        )
    right = {_normal(expected)} if isinstance(expected, str) else {_normal(e) for e in expected}
    if _normal(value) not in right:
        raise AssertionError(f"{name} = {value!r} is not {what}.")


def _normal(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch not in " -_")
