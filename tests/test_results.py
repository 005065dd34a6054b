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


# ---------------------------------------------------------------------------------------------
# readable results: short repr, HTML table, estimate_name


def test_interval_repr_is_short_for_long_arrays():
    low = np.linspace(0.0, 0.5, 57)
    ci = Interval(low, low + 0.1, low + 0.05, 0.95, "wald")
    text = repr(ci)
    assert "array of 57 values" in text and "\n" not in text and len(text) < 200
    assert repr(Interval(0.123456, 0.9, 0.5, 0.95, "wilson")).startswith("Interval(low=0.1235,")


def test_interval_and_test_result_have_an_escaped_html_table():
    ci = Interval(0.66, 0.9, 0.8, 0.95, "<b>x</b>")
    page = ci._repr_html_()
    assert page.startswith('<table class="evalkit-result">') and "&lt;b&gt;x&lt;/b&gt;" in page
    assert "<b>x</b>" not in page and page.count("<tr>") == 5
    r = TestResult(1.0, 0.5, "two-sided", "t & u", estimate=2.0, estimate_name="odds ratio")
    page = r._repr_html_()
    assert "t &amp; u" in page and ">2</td>" in page
    assert ">df</th>" not in page and ">odds ratio</th>" in page  # None fields are left out


def test_test_result_names_its_estimate():
    r = TestResult(2.0, 0.04, "two-sided", "Fisher's exact test", "a", estimate=np.float64(2.1))
    assert r.estimate_name is None and "odds ratio" not in str(r)
    named = dataclasses.replace(r, estimate_name="odds ratio")
    assert str(named) == "Fisher's exact test: a = 2, p = 0.04 (two-sided); odds ratio = 2.1"
    assert "pvalue=0.04, alternative='two-sided', odds ratio=2.1)" in repr(named)
    ci = Interval(1.2, 3.4, 2.1, 0.95, "exact")
    assert repr(dataclasses.replace(named, interval=ci)).endswith(
        "odds ratio=2.1, interval=[1.2, 3.4] (95%))"
    )
    with pytest.raises(TypeError, match="estimate_name must be a string"):
        TestResult(2.0, 0.04, "two-sided", "x", estimate=1.0, estimate_name=3)


def test_readable_result_mixin_on_a_new_dataclass():
    from evalkit.results import ReadableResult

    @dataclasses.dataclass(frozen=True)
    class Fit(ReadableResult):
        alpha: float
        draws: np.ndarray = dataclasses.field(repr=False)
        table: np.ndarray = None
        details: dict = dataclasses.field(default_factory=dict)

    fit = Fit(alpha=2.123456, draws=np.zeros(500), table=np.zeros((3, 4)))
    assert repr(fit) == "Fit(alpha=2.123, table=array of shape (3, 4))"
    assert "draws" not in fit._repr_html_() and ">alpha</th>" in fit._repr_html_()

    @dataclasses.dataclass(frozen=True)
    class Chosen(Fit):
        _repr_fields = ("table", "alpha")

    assert repr(Chosen(1.0, np.zeros(3), None)) == "Chosen(alpha=1)"

    @dataclasses.dataclass(frozen=True)
    class Own(Fit):
        def __repr__(self) -> str:
            return "own"

    assert repr(Own(1.0, np.zeros(3))) == "own"  # a class's own repr wins


def test_format_value_summarises_long_things():
    from evalkit.results import format_value

    assert format_value(np.arange(6.0)) == "array([0, 1, 2, 3, 4, 5])"
    assert format_value(np.arange(7.0)) == "array of 7 values"
    assert format_value(tuple(range(10))) == "tuple of 10 values"
    assert format_value((0.25, 0.5, 0.25)) == "(0.25, 0.5, 0.25)"
    long = {f"key{i}": float(i) / 3 for i in range(12)}
    assert format_value(long).startswith("{12 entries: 'key0', 'key1'")
    assert format_value(np.True_) == "True" and format_value(np.int64(4)) == "4"
    assert format_value(np.mean) == "mean"


def test_check_positive_names_the_argument_and_what_it_means():
    from evalkit._validation import check_positive

    assert check_positive(0, "rope", allow_zero=True) == 0.0
    assert check_positive(np.float64(2.5), "ratio") == 2.5
    with pytest.raises(
        ValueError, match=r"^ratio must be a finite number > 0 \(K_B / K_A\); got 0"
    ):
        check_positive(0, "ratio", meaning=" (K_B / K_A)")
    with pytest.raises(ValueError, match=r"^rope must be a finite number ≥ 0; got -0\.1"):
        check_positive(-0.1, "rope", allow_zero=True)
    with pytest.raises(ValueError, match="got inf"):
        check_positive(math.inf, "prior")
    with pytest.raises(TypeError, match=r"^prior must be a real number > 0; got True"):
        check_positive(True, "prior")


def test_test_result_shows_the_monte_carlo_error_of_its_pvalue():
    details = {f"k{i}": float(i) for i in range(6)} | {"mc_standard_error": 0.00123}
    r = TestResult(5.0, 0.0123, "greater", "permutation test", "Q", details=details)
    assert "mc_standard_error=0.00123" in repr(r)  # even when the details are summarised
    assert str(r) == "permutation test: Q = 5, p = 0.0123 (greater); Monte-Carlo SE of p = 0.0012"
