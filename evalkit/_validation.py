"""Input checks shared by every evalkit module.

Each function takes the user's value and the argument's name, and either returns the value in a
canonical form (a NumPy array of the right dtype, a float) or raises ``ValueError``/``TypeError``
with a message that names the argument, shows the offending value and says what is allowed.
Keeping the checks here gives every public function the same wording.

A value is shown in a message by :func:`shown`: an array or a long sequence as its size and its
first :data:`SHOWN_VALUES` values, never all of them. Arrays of labels passed where a function
takes counts (``wilson(y_true, y_pred)``) are told apart by :func:`labels_for_counts`, which
names the call with counts and the function that takes the labels.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from typing import Any

import numpy as np

__all__ = [
    "as_count",
    "as_counts",
    "as_generator",
    "as_labels",
    "as_probabilities",
    "as_real_array",
    "broadcast",
    "check_at_most",
    "check_choice",
    "check_confidence",
    "check_positive",
    "check_successes_trials",
    "labels_for_counts",
    "looks_like_labels",
    "shown",
    "to_output",
]


def _first_bad(values: np.ndarray, bad: np.ndarray) -> Any:
    """Return the first offending element of ``values`` (for error messages)."""
    flat = np.asarray(values).reshape(-1)[np.asarray(bad).reshape(-1)]
    item = flat[0]
    return item.item() if hasattr(item, "item") else item


def _is_integer(item: Any) -> bool:
    return isinstance(item, numbers.Integral) and not isinstance(item, (bool, np.bool_))


#: An error message shows at most this many values of an array or sequence (:func:`shown`).
SHOWN_VALUES = 5
#: … and at most this many characters of any other value's ``repr``.
SHOWN_CHARACTERS = 80


def shown(value: Any) -> str:
    """``repr(value)`` for an error message: an array or sequence shows its first few values.

    A sequence of at most :data:`SHOWN_VALUES` values is shown whole, as ``repr`` shows it; a
    longer one as its kind, its size (or shape) and its first :data:`SHOWN_VALUES` values; any
    other ``repr`` is cut at :data:`SHOWN_CHARACTERS` characters.

    Examples
    --------
    >>> shown([5, 6]), shown(0.5), shown("mid-p")
    ('[5, 6]', '0.5', "'mid-p'")
    >>> shown(np.arange(171) % 2)
    'an array of 171 values [0, 1, 0, 1, 0, …]'
    >>> shown([["a", "b", "c"], ["d", "e", "f"]])
    "a list of shape (2, 3) ['a', 'b', 'c', 'd', 'e', …]"
    """
    if isinstance(value, (list, tuple)) or (
        hasattr(value, "__array__") and not isinstance(value, np.generic)
    ):
        try:
            arr = np.asarray(value)
        except Exception:  # ragged nesting: the cut repr below
            arr = None
        if arr is not None and arr.ndim > 0 and arr.size > SHOWN_VALUES:
            first = ", ".join(
                repr(x.item() if isinstance(x, np.generic) else x)
                for x in arr.reshape(-1)[:SHOWN_VALUES]
            )
            kind = {list: "a list", tuple: "a tuple"}.get(type(value), "an array")
            size = f"{arr.size} values" if arr.ndim == 1 else f"shape {arr.shape}"
            return f"{kind} of {size} [{first}, …]"
    text = repr(value)
    return text if len(text) <= SHOWN_CHARACTERS else text[: SHOWN_CHARACTERS - 1] + "…"


def as_real_array(value: Any, name: str) -> np.ndarray:
    """Return ``value`` as a real array; reject strings, booleans, objects and complex numbers.

    The value is not checked for range or finiteness: callers add the checks their argument needs.

    Examples
    --------
    >>> as_real_array([1, 2.5], "scores")
    array([1. , 2.5])
    >>> as_real_array("a", "scores")
    Traceback (most recent call last):
    ...
    TypeError: scores must be a number or an array of numbers; got 'a'
    """
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a number or an array of numbers; got {shown(value)}")
    try:
        arr = np.asarray(value)
    except Exception as exc:  # ragged lists and other oddities
        raise TypeError(
            f"{name} must be a number or an array of numbers; got {shown(value)}"
        ) from exc
    if arr.dtype == bool or isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a number, not a boolean; got {shown(value)}")
    if arr.dtype == object and arr.size and all(_is_integer(item) for item in arr.flat):
        arr = arr.astype(float)  # Python ints beyond int64: numbers, checked for range later
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.number):
        raise TypeError(f"{name} must be a number or an array of numbers; got {shown(value)}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must be real; got {shown(value)}")
    return arr


def as_counts(value: Any, name: str, *, minimum: int = 0) -> np.ndarray:
    """Return ``value`` as an int64 array of counts ≥ ``minimum``.

    Integral floats such as ``40.0`` are accepted; ``40.5``, NaN, infinities, booleans and
    negative numbers are rejected with a message naming ``name``.

    Examples
    --------
    >>> as_counts([3, 4.0], "successes")
    array([3, 4])
    >>> as_counts(-1, "trials")
    Traceback (most recent call last):
    ...
    ValueError: trials must be a whole number ≥ 0; got -1
    """
    arr = as_real_array(value, name)
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty")
    if np.issubdtype(arr.dtype, np.floating):
        finite = np.isfinite(arr)
        if not finite.all():
            bad = _first_bad(arr, ~finite)
            raise ValueError(f"{name} must be a finite whole number ≥ {minimum}; got {bad!r}")
        whole = arr == np.floor(arr)
        if not whole.all():
            raise ValueError(
                f"{name} must be a whole number (a count) ≥ {minimum}; "
                f"got {_first_bad(arr, ~whole)!r}"
            )
        if np.abs(arr).max() > 2.0**62:
            raise ValueError(f"{name} is too large to be a count; got {np.abs(arr).max()!r}")
    out = arr.astype(np.int64)
    low = out < minimum
    if low.any():
        raise ValueError(f"{name} must be a whole number ≥ {minimum}; got {_first_bad(out, low)!r}")
    return out


def as_count(value: Any, name: str, *, minimum: int = 0) -> int:
    """Return ``value`` as one whole number ≥ ``minimum`` (a size, a number of folds or rounds).

    Examples
    --------
    >>> as_count(10.0, "k", minimum=2)
    10
    >>> as_count([5, 6], "size_a", minimum=1)
    Traceback (most recent call last):
    ...
    ValueError: size_a must be a single whole number ≥ 1; got [5, 6]
    """
    if np.ndim(value) != 0:
        raise ValueError(f"{name} must be a single whole number ≥ {minimum}; got {shown(value)}")
    return int(as_counts(value, name, minimum=minimum))


def as_generator(rng: Any, *, allow_none: bool = False) -> np.random.Generator:
    """Return ``rng`` as a NumPy Generator: a Generator itself or an integer seed ≥ 0.

    With ``allow_none``, ``None`` gives a generator seeded from fresh entropy (not reproducible).

    Examples
    --------
    >>> float(as_generator(7).random()) == float(np.random.default_rng(7).random())
    True
    >>> as_generator(1.5)
    Traceback (most recent call last):
    ...
    TypeError: rng must be a numpy.random.Generator or an integer seed ≥ 0; got 1.5
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None and allow_none:
        return np.random.default_rng()
    allowed = "None, " if allow_none else ""
    message = (
        f"rng must be {allowed}a numpy.random.Generator or an integer seed ≥ 0; got {shown(rng)}"
    )
    if not _is_integer(rng):
        raise TypeError(message)
    if rng < 0:
        raise ValueError(message)
    return np.random.default_rng(int(rng))


def broadcast(**named: np.ndarray) -> list[np.ndarray]:
    """Broadcast the named arrays together; a mismatch names every argument and its shape.

    Examples
    --------
    >>> [a.tolist() for a in broadcast(wins=np.array([1, 2]), trials=np.array(5))]
    [[1, 2], [5, 5]]
    >>> broadcast(wins=np.array([1, 2]), trials=np.array([3, 4, 5]))
    Traceback (most recent call last):
    ...
    ValueError: wins and trials must have broadcastable shapes; got wins (2,), trials (3,)
    """
    try:
        return list(np.broadcast_arrays(*named.values()))
    except ValueError as exc:
        names = list(named)
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        shapes = ", ".join(f"{name} {np.shape(arr)}" for name, arr in named.items())
        raise ValueError(f"{listed} must have broadcastable shapes; got {shapes}") from exc


def check_at_most(
    part: np.ndarray, whole: np.ndarray, part_name: str, whole_name: str, reason: str = ""
) -> None:
    """Raise unless ``part ≤ whole`` elementwise (broadcast arrays); name the first offender.

    Examples
    --------
    >>> check_at_most(np.array([3, 9]), np.array([5, 8]), "wins", "trials")
    Traceback (most recent call last):
    ...
    ValueError: wins must not exceed trials; got wins=9 with trials=8
    """
    over = np.asarray(part > whole)
    if over.any():
        i = np.flatnonzero(over.reshape(-1))[0]
        first_part = np.broadcast_to(part, over.shape).reshape(-1)[i].item()
        first_whole = np.broadcast_to(whole, over.shape).reshape(-1)[i].item()
        raise ValueError(
            f"{part_name} must not exceed {whole_name}{reason}; got {part_name}={first_part} "
            f"with {whole_name}={first_whole}"
        )


def check_successes_trials(
    successes: Any, trials: Any, call: str | None = None, others: str = ""
) -> tuple[np.ndarray, np.ndarray]:
    """Validate a (successes, trials) pair of counts and broadcast them together.

    ``trials`` must be ≥ 1 and ``0 ≤ successes ≤ trials`` elementwise. ``call`` names the
    public function (``"wilson"``), whose further arguments after the two counts are
    ``others`` (``", p0"``): arrays of labels in the counts' places then get a message that
    says how to call it with counts (:func:`labels_for_counts`).

    Examples
    --------
    >>> check_successes_trials(40, 50)
    (array(40), array(50))
    >>> check_successes_trials(51, 50)
    Traceback (most recent call last):
    ...
    ValueError: successes must not exceed trials; got successes=51 with trials=50
    """
    try:
        k = as_counts(successes, "successes")
        n = as_counts(trials, "trials", minimum=1)
        k, n = broadcast(successes=k, trials=n)
        check_at_most(k, n, "successes", "trials")
    except (TypeError, ValueError) as exc:
        if call is not None:
            labels_for_counts(
                exc,
                f"{call} takes counts: {call}(successes, trials{others}) with the number of "
                f"items right and the number of items, e.g. {call}(47, 50{others}); from labels, "
                f"{call}(np.sum(y_pred == y_true), len(y_true){others})",
                use="evalkit.describe_classifier(y_true, y_pred) for the accuracy with its "
                "intervals",
                successes=successes,
                trials=trials,
            )
        raise
    return k, n


#: Labels passed where counts belong (:func:`looks_like_labels`): at least this many values …
LABEL_MIN_ITEMS = 5
#: … that are strings or booleans, or whole numbers from −1 to this (class codes), each taken by
#: at least two items on average.
LABEL_MAX_CODE = 20


def looks_like_labels(value: Any) -> bool:
    """Whether ``value`` reads as labels, one per test item, rather than counts.

    True for a 1-D sequence (or a few rows of them) of at least :data:`LABEL_MIN_ITEMS` values
    that are strings or booleans (class names, right or wrong), or whole numbers from −1 to
    :data:`LABEL_MAX_CODE` that repeat (at most half as many distinct values as items): class
    codes such as 0/1, −1/1 or 0–9. Counts are rarely like that, and a function that takes
    counts asks only after its check of them failed (:func:`labels_for_counts`).

    Examples
    --------
    >>> looks_like_labels([0, 1, 1, 0, 1, 0]), looks_like_labels(["cat", "dog"] * 3)
    (True, True)
    >>> looks_like_labels(47), looks_like_labels([40, 45, 47, 50, 38]), looks_like_labels([0, 1])
    (False, False, False)
    """
    if isinstance(value, (str, bytes)):
        return False
    try:
        arr = np.asarray(value)
    except Exception:  # ragged nesting
        return False
    if arr.ndim == 2 and arr.shape[0] <= 3 < arr.shape[1]:  # [y_true, y_pred] as rows
        arr = arr.reshape(-1)
    if arr.ndim != 1 or arr.size < LABEL_MIN_ITEMS:
        return False
    if arr.dtype.kind in "USb":
        return True
    if arr.dtype.kind not in "iuf":
        return False
    if not (np.isfinite(arr).all() and (arr == np.round(arr)).all()):
        return False  # scores or rates, not labels
    if arr.min() < -1 or arr.max() > LABEL_MAX_CODE:
        return False
    return 2 * np.unique(arr).size <= arr.size


def labels_for_counts(
    error: Exception, instead: str, use: str | None = None, **values: Any
) -> None:
    """Raise a clearer error than ``error`` if arrays of labels came where counts belong.

    A function that takes counts calls this where its check of them raised ``error``, with the
    arguments as given (``values``: name → value). If some of them look like labels, one per
    test item (:func:`looks_like_labels`), it raises an error of ``error``'s type that names
    them, shows a few of their values, and goes on with ``instead`` (what the function takes
    and how to call it, with an example) and ``use`` (the function that takes the labels
    themselves), then quotes ``error``. Otherwise it returns, and the caller raises ``error``.

    Examples
    --------
    >>> y_true, y_pred = [1, 0, 1, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 1, 1, 1]
    >>> try:  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
    ...     as_counts(y_pred, "trials", minimum=1)
    ... except ValueError as exc:
    ...     labels_for_counts(exc, "f takes counts: f(7, 8)", "g(y_true, y_pred)",
    ...                       successes=y_true, trials=y_pred)
    Traceback (most recent call last):
    ...
    ValueError: successes and trials look like arrays of labels, one per test item (8 values
    each: [1, 0, 1, 1, 0, …]), but f takes counts: f(7, 8); or use g(y_true, y_pred). (As
    counts: trials must be a whole number ≥ 1; got 0.)
    """
    names = [name for name, value in values.items() if looks_like_labels(value)]
    if not names:
        return
    first = np.asarray(values[names[0]])
    sizes = {np.shape(values[name])[-1] for name in names}
    if len(names) == 1:
        head = f"{names[0]} looks like an array of labels"
    else:
        head = f"{', '.join(names[:-1])} and {names[-1]} look like arrays of labels"
    each = " each" if len(names) > 1 and len(sizes) == 1 else ""
    rows = f"{first.shape[0]} rows of " if first.ndim == 2 else ""
    few = ", ".join(repr(x.item()) for x in first.reshape(-1)[:SHOWN_VALUES])
    more = ", …" if first.size > SHOWN_VALUES else ""
    message = (
        f"{head}, one per test item ({rows}{first.shape[-1]} values{each}: [{few}{more}]), but "
        f"{instead}"
        + (f"; or use {use}" if use else "")
        + f". (As counts: {str(error).rstrip('.')}.)"
    )
    raise type(error)(message) from error


def as_labels(value: Any, name: str) -> np.ndarray:
    """A non-empty 1-D array of class labels (numbers, booleans or strings; no NaN).

    Examples
    --------
    >>> as_labels([0, 1, 1], "y_true")
    array([0, 1, 1])
    >>> as_labels("abc", "y_true")
    Traceback (most recent call last):
    ...
    TypeError: y_true must be a sequence of class labels, not a single string
    """
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of class labels, not a single string")
    try:
        arr = np.asarray(value)
    except Exception as exc:
        raise TypeError(
            f"{name} must be a 1-D sequence of class labels; got {shown(value)}"
        ) from exc
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D (one label per test item); got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty")
    if arr.dtype == object:
        raise TypeError(
            f"{name} must hold labels of one type (numbers or strings); got {shown(value)}"
        )
    if np.issubdtype(arr.dtype, np.floating) and not np.isfinite(arr).all():
        bad = arr[~np.isfinite(arr)][0].item()
        raise ValueError(f"{name} must not contain NaN or infinite labels; got {bad!r}")
    return arr


def as_probabilities(value: Any, name: str, *, open_interval: bool = False) -> np.ndarray:
    """Return ``value`` as a float array in [0, 1] (or (0, 1) with ``open_interval``).

    Examples
    --------
    >>> as_probabilities(0.25, "p")
    array(0.25)
    >>> as_probabilities(1.5, "p")
    Traceback (most recent call last):
    ...
    ValueError: p must be a probability in [0, 1]; got 1.5
    """
    arr = as_real_array(value, name).astype(float)
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty")
    if open_interval:
        bad = ~((arr > 0) & (arr < 1))
        allowed = "strictly between 0 and 1"
    else:
        bad = ~((arr >= 0) & (arr <= 1))  # also catches NaN
        allowed = "a probability in [0, 1]"
    if bad.any():
        raise ValueError(f"{name} must be {allowed}; got {_first_bad(arr, bad)!r}")
    return arr


def check_confidence(confidence: Any, name: str = "confidence") -> float:
    """Return a confidence level as a float strictly between 0 and 1.

    Examples
    --------
    >>> check_confidence(0.95)
    0.95
    >>> check_confidence(95)
    Traceback (most recent call last):
    ...
    ValueError: confidence must be strictly between 0 and 1 (e.g. 0.95); got 95
    """
    if isinstance(confidence, (bool, np.bool_)) or not isinstance(confidence, numbers.Real):
        raise TypeError(
            f"{name} must be a number strictly between 0 and 1; got {shown(confidence)}"
        )
    value = float(confidence)
    if not 0.0 < value < 1.0:  # False for NaN too
        raise ValueError(f"{name} must be strictly between 0 and 1 (e.g. 0.95); got {confidence!r}")
    return value


def check_positive(value: Any, name: str, *, allow_zero: bool = False, meaning: str = "") -> float:
    """Return one finite real number > 0 (≥ 0 with ``allow_zero``) as a float.

    ``meaning`` is added to both messages, e.g. ``" (K_B / K_A)"``, to say what the number is.

    Examples
    --------
    >>> check_positive(0.01, "rope", allow_zero=True), check_positive(2, "ratio")
    (0.01, 2.0)
    >>> check_positive(0, "ratio", meaning=" (K_B / K_A)")
    Traceback (most recent call last):
    ...
    ValueError: ratio must be a finite number > 0 (K_B / K_A); got 0
    >>> check_positive("1", "prior")
    Traceback (most recent call last):
    ...
    TypeError: prior must be a real number > 0; got '1'
    """
    allowed = "≥ 0" if allow_zero else "> 0"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number {allowed}{meaning}; got {shown(value)}")
    number = float(value)
    ok = number >= 0 if allow_zero else number > 0
    if not (ok and math.isfinite(number)):
        raise ValueError(f"{name} must be a finite number {allowed}{meaning}; got {value!r}")
    return number


def check_choice(value: Any, name: str, allowed: Iterable[str]) -> str:
    """Return ``value`` if it is one of ``allowed`` (strings), else raise.

    Examples
    --------
    >>> check_choice("less", "alternative", ("two-sided", "less", "greater"))
    'less'
    >>> check_choice("both", "alternative", ("two-sided", "less", "greater"))
    Traceback (most recent call last):
    ...
    ValueError: alternative must be one of 'two-sided', 'less', 'greater'; got 'both'
    """
    options = tuple(allowed)
    if not isinstance(value, str) or value not in options:
        listed = ", ".join(repr(o) for o in options)
        raise ValueError(f"{name} must be one of {listed}; got {shown(value)}")
    return value


def to_output(arr: Any) -> Any:
    """Return a 0-d array or NumPy scalar as a Python float, an array unchanged.

    Results of scalar inputs are plain floats, so they print as ``0.8`` and not
    ``np.float64(0.8)``.

    Examples
    --------
    >>> to_output(np.float64(0.5))
    0.5
    >>> to_output(np.array([0.5, 1.0]))
    array([0.5, 1. ])
    """
    a = np.asarray(arr)
    if a.ndim == 0:
        return float(a)
    return a
