"""The shared result types and the shared input checks."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalkit import Interval, TestResult
from evalkit._validation import (
    as_counts,
    as_probabilities,
    check_choice,
    check_confidence,
    check_successes_trials,
    to_output,
)
from evalkit.results import format_pvalue


def test_interval_fields_are_plain_floats_for_scalars():
    ci = Interval(np.float64(0.66), np.float64(0.9), np.array(0.8), 0.95, "clopper-pearson")
    assert type(ci.low) is float and type(ci.estimate) is float
    assert "np.float64" not in repr(ci)
    assert tuple(ci) == (0.66, 0.9)
    assert ci.width == pytest.approx(0.24)
    assert ci.contains(0.8) and not ci.contains(0.95)
    assert str(ci) == "0.8 (95% clopper-pearson interval 0.66 to 0.9)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        ci.low = 0.1


def test_interval_holds_arrays_for_vectorized_calls():
    ci = Interval(np.array([0.1, 0.2]), np.array([0.3, 0.5]), np.array([0.2, 0.3]), 0.9, "wald")
    np.testing.assert_allclose(ci.width, [0.2, 0.3])
    np.testing.assert_array_equal(ci.contains(np.array([0.25, 0.1])), [True, False])


def test_test_result_repr_and_str_name_the_method():
    r = TestResult(
        statistic=np.float64(4.0),
        pvalue=np.float64(3.17e-5),
        alternative="greater",
        method="Günter's simple test",
        statistic_name="z",
        details={"sigma": np.float64(0.09), "label": "x", "wins": np.int64(4), "ok": np.True_},
    )
    assert type(r.statistic) is float and type(r.details["sigma"]) is float
    assert type(r.details["wins"]) is int and r.details["ok"] is True
    assert str(r) == "Günter's simple test: z = 4, p = 3.17e-05 (greater)"
    assert "details={'sigma': 0.09, 'label': 'x', 'wins': 4, 'ok': True}" in repr(r)
    assert "df=" not in repr(r)
    with pytest.raises(TypeError):
        r.details["sigma"] = 1.0  # read-only


@pytest.mark.parametrize(
    ("value", "error", "match"),
    [
        (-1, ValueError, r"successes must be a whole number ≥ 0; got -1"),
        (2.5, ValueError, r"successes must be a whole number \(a count\) ≥ 0; got 2\.5"),
        (math.nan, ValueError, r"successes must be a finite whole number ≥ 0; got nan"),
        (math.inf, ValueError, r"finite"),
        (True, TypeError, r"successes must be a number, not a boolean"),
        ("3", TypeError, r"successes must be a number or an array of numbers; got '3'"),
        ([], ValueError, r"successes must not be empty"),
        ([1, [2, 3]], TypeError, r"successes must be a number"),
        (1 + 2j, TypeError, r"successes must be real"),
        (1e30, ValueError, r"too large to be a count"),
    ],
)
def test_bad_counts_are_rejected_with_the_argument_named(value, error, match):
    with pytest.raises(error, match=match):
        as_counts(value, "successes")


def test_counts_accept_whole_floats_and_arrays():
    np.testing.assert_array_equal(as_counts([0, 3.0, 10**9], "k"), [0, 3, 10**9])
    assert as_counts(np.int32(4), "k").dtype == np.int64


@pytest.mark.parametrize(
    ("successes", "trials", "match"),
    [
        (51, 50, "successes must not exceed trials; got successes=51 with trials=50"),
        ([1, 9], [5, 8], "successes=9 with trials=8"),
        (0, 0, "trials must be a whole number ≥ 1; got 0"),
        ([1, 2, 3], [4, 5], "broadcastable shapes"),
    ],
)
def test_successes_and_trials_are_checked_together(successes, trials, match):
    with pytest.raises(ValueError, match=match):
        check_successes_trials(successes, trials)


def test_successes_and_trials_broadcast():
    k, n = check_successes_trials([0, 5, 10], 10)
    assert k.shape == n.shape == (3,)


@pytest.mark.parametrize("value", [-0.1, 1.1, math.nan, [0.5, 2.0]])
def test_probabilities_outside_the_unit_interval_are_rejected(value):
    with pytest.raises(ValueError, match=r"p must be a probability in \[0, 1\]"):
        as_probabilities(value, "p")


def test_open_interval_probabilities_exclude_the_ends():
    with pytest.raises(ValueError, match=r"strictly between 0 and 1; got 0\.0"):
        as_probabilities([0.5, 0.0], "rate", open_interval=True)
    assert as_probabilities(0.5, "rate", open_interval=True) == 0.5


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (0, ValueError),
        (1, ValueError),
        (95, ValueError),
        (math.nan, ValueError),
        (-0.5, ValueError),
        ("0.95", TypeError),
        (True, TypeError),
        (None, TypeError),
    ],
)
def test_confidence_must_lie_strictly_between_0_and_1(value, error):
    with pytest.raises(error, match="confidence must be"):
        check_confidence(value)


def test_choice_lists_the_allowed_values():
    with pytest.raises(ValueError, match="method must be one of 'a', 'b'; got 'c'"):
        check_choice("c", "method", ["a", "b"])
    with pytest.raises(ValueError, match="got 3"):
        check_choice(3, "method", ["a", "b"])


def test_to_output_converts_zero_d_arrays_only():
    assert to_output(np.array(2.0)) == 2.0 and type(to_output(np.array(2.0))) is float
    assert isinstance(to_output(np.array([1.0])), np.ndarray)


# ---------------------------------------------------------------------------------------------
# format_pvalue: never "0.000"


@pytest.mark.parametrize(
    ("pvalue", "digits", "text"),
    [
        (0.0713, 3, "0.071"),
        (0.001, 3, "0.001"),
        (0.000999, 3, "< 0.001"),
        (0.0, 3, "< 0.001"),
        (1e-300, 4, "< 0.0001"),
        (1.0, 3, "1.000"),
        (0.04951, 2, "0.05"),
        (0.004, 2, "< 0.01"),
    ],
)
def test_format_pvalue(pvalue, digits, text):
    assert format_pvalue(pvalue, digits) == text


@given(st.floats(0, 1), st.integers(1, 8))
def test_format_pvalue_never_shows_zero(pvalue, digits):
    text = format_pvalue(pvalue, digits)
    assert text.startswith("<") or float(text) > 0 or pvalue == 0
    assert text != f"{0:.{digits}f}"


@pytest.mark.parametrize(
    ("pvalue", "digits", "error"),
    [
        (-0.1, 3, ValueError),
        (1.5, 3, ValueError),
        (float("nan"), 3, ValueError),
        ("0.05", 3, TypeError),
        (True, 3, TypeError),
        (0.5, 0, ValueError),
        (0.5, 2.5, ValueError),
    ],
)
def test_format_pvalue_bad_input(pvalue, digits, error):
    with pytest.raises(error, match=r"pvalue|digits"):
        format_pvalue(pvalue, digits)
