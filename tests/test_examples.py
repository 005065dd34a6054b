"""The worked-example registry and its checker (evalkit.examples)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from evalkit import examples
from evalkit.examples import check, example, ids, registry, table

# The 33 ids of ../shared/WORKED_EXAMPLES.md, by notebook, and the ids added since (numbers the
# notebooks take from other published sources, and errata found later, ADDED): the registry must
# hold exactly these.
EXPECTED = {
    "01_bernoulli_binomial_beta": [
        "tan-binom-coin",
        "tan-acc-binomial",
        "sym-binom-variance",
        "wolff-beta-identity",
        "wolff-beta-moments",
        "wolff-fig4",
    ],
    "02_confidence_intervals": [
        "wolff-cp",
        "wolff-normal-rule",
        "tan-z-table",
        "tan-wilson-100",
        "tan-wilson-table",
        "sym-wilson-table",
    ],
    "03_independent_test_sets": [
        "tan-diff-ci",
        "tan-diff-level",
        "wolff-fisher-1",
        "wolff-fisher-2",
        "wolff-chi2",
        "wolff-sellke",
    ],
    "04_paired_comparisons": [
        "guenter-simple",
        "guenter-paired",
        "guenter-paired-vs-simple",
        "guenter-sign",
        "guenter-pn-meaning",
        "guenter-x-normal",
    ],
    "05_cross_validation": ["tan-t-table", "tan-cv-t", "sym-holdout"],
    "06_confusion_and_roc": [
        "fouladi-confusion",
        "fouladi-n-rule",
        "sym-imbalance",
        "sym-cost",
        "sym-cost-identity",
        "sym-f",
        "sym-roc-table",
    ],
    "07_overfitting": ["sym-circles", "sym-pessimistic"],
    # beyond the five documents
    "08_many_datasets": [
        "demsar-friedman-example",
        "demsar-nemenyi-table",
        "demsar-bonferroni-dunn-table",
    ],
    "13_dependent_test_items": ["obuchowski-thyroids"],
    "15_noninferiority": ["ec-noninferiority-readme", "tango-table-v", "tango-table-vii"],
}
ALL_IDS = [i for group in EXPECTED.values() for i in group]
# errata found after WORKED_EXAMPLES.md was written (issue 20): Tan's "acc = X/N is binomial",
# Günter's "P_n is the probability of the null hypothesis" and "X is normally distributed"
ADDED = {"tan-acc-binomial", "guenter-pn-meaning", "guenter-x-normal"}


def published_values(example_id: str) -> dict:
    return dict(example(example_id).published)


def test_registry_has_the_33_ids_of_the_documents_and_the_added_ones():
    reg = registry()
    assert sum(len(set(v) - ADDED) for k, v in EXPECTED.items() if k < "08") == 33
    assert sorted(reg) == sorted(ALL_IDS)
    for notebook, group in EXPECTED.items():
        assert ids(notebook) == group


def test_every_entry_is_complete_and_cites_its_source():
    for key, entry in registry().items():
        assert entry.quantity and entry.section, key
        assert entry.source.author and entry.source.title, key
        assert entry.source.author in entry.citation and entry.section in entry.citation
        for name, value in entry.published.items():
            assert entry.printed[name].strip(), (key, name)
            tol = np.asarray(entry.tolerance[name], dtype=float)
            assert np.all(tol >= 0), (key, name)
            np.broadcast_to(tol, np.shape(value))  # tolerance fits the printed shape
        if entry.corrected:
            assert len(entry.erratum) > 80, f"{key}: an erratum needs its explanation"
        # identities and figures say what they claim
        if "max_abs_deviation" in entry.published:
            assert entry.statement or entry.printed["max_abs_deviation"], key


@pytest.mark.parametrize("example_id", ALL_IDS)
def test_published_values_agree_with_themselves(example_id):
    result = check(example_id, published_values(example_id))
    assert result.status == "agrees"
    assert all(q.status == "agrees" for q in result.quantities)


ERRATA = [k for k in ALL_IDS if registry()[k].corrected]


def test_the_known_errata_are_in_the_registry():
    assert set(ERRATA) >= {
        "sym-binom-variance",
        "tan-z-table",
        "sym-wilson-table",
        "tan-diff-ci",
        "tan-diff-level",
        "guenter-simple",
        "guenter-paired",
        "guenter-paired-vs-simple",
        "tan-t-table",
        "tan-cv-t",
        "fouladi-n-rule",
        "sym-roc-table",
        "tan-acc-binomial",
        "demsar-nemenyi-table",
        "demsar-bonferroni-dunn-table",
    }


@pytest.mark.parametrize("example_id", ERRATA)
def test_a_documented_correction_is_marked_as_erratum(example_id):
    entry = example(example_id)
    computed = published_values(example_id)
    computed.update(entry.corrected)
    result = check(example_id, computed)
    assert result.status == "erratum"
    corrected_names = {q.name for q in result.quantities if q.status == "erratum"}
    assert corrected_names == set(entry.corrected)
    # the correction really differs from what was printed (else the erratum would be empty)
    for name in entry.corrected:
        assert not examples._agrees(
            np.asarray(entry.corrected[name], dtype=float),
            entry.published[name],
            entry.tolerance[name],
        ), (example_id, name)
    assert "erratum" in repr(result)
    assert entry.erratum[:30] in repr(result)


def test_check_raises_on_a_wrong_value_naming_id_and_both_numbers():
    with pytest.raises(AssertionError, match=r"wolff-cp, low: computed 0\.7 .*published 0\.66"):
        check("wolff-cp", {"low": 0.70, "high": 0.90, "minus": 0.14, "plus": 0.10})


def test_check_raises_when_value_matches_neither_published_nor_correction():
    with pytest.raises(AssertionError, match=r"documented correction 3\.167e-05"):
        check("guenter-simple", {"z": 4.0, "p_n": 1e-4})


def test_tolerance_is_half_a_unit_of_the_last_printed_digit():
    # Wolff prints 0.66 for the Clopper-Pearson lower limit 0.66282
    assert check("wolff-cp", {"low": 0.66282, "high": 0.8997, "minus": 0.1372, "plus": 0.0997})
    with pytest.raises(AssertionError):
        check("wolff-cp", {"low": 0.6651, "high": 0.8997, "minus": 0.1372, "plus": 0.0997})


def test_array_quantities_are_compared_elementwise_and_by_shape():
    z = [2.5758, 2.3263, 1.96, 1.6449, 1.2816, 1.0364, 0.6745]
    result = check("tan-z-table", z)  # one quantity: a bare value is accepted
    assert result.status == "erratum"
    with pytest.raises(AssertionError):
        check("tan-z-table", z[:-1])  # wrong shape agrees with nothing
    with pytest.raises(AssertionError):
        check("tan-z-table", [*z[:-1], math.nan])


def test_roc_table_with_one_column_per_distinct_score_is_the_correction():
    entry = example("sym-roc-table")
    result = check("sym-roc-table", dict(entry.corrected))
    assert result.status == "erratum"
    assert len(entry.corrected["tp"]) == 9 and len(entry.published["tp"]) == 11


def test_fractions_in_the_registry_are_read_as_numbers():
    assert example("fouladi-confusion").published["recall_1"] == pytest.approx(110 / 130)
    assert example("guenter-simple").inputs["rate1"] == pytest.approx(2 / 3)
    assert check("sym-holdout", {"train_fraction": 200 / 300, "test_fraction": 100 / 300})


@pytest.mark.parametrize(
    ("computed", "error", "match"),
    [
        ({"pmf": 0.0419}, ValueError, "missing mean, variance"),
        ({"pmf": 0.0419, "mean": 25, "variance": 12.5, "sd": 3.5}, ValueError, "no quantity 'sd'"),
        (0.0419, TypeError, "pass computed as a mapping"),
    ],
)
def test_check_rejects_incomplete_or_unknown_quantities(computed, error, match):
    with pytest.raises(error, match=match):
        check("tan-binom-coin", computed)


def test_unknown_id_is_a_key_error_with_suggestions():
    with pytest.raises(KeyError, match=r"no worked example 'wolff-cpp'.*wolff-cp"):
        check("wolff-cpp", 0.5)


def test_html_and_text_reprs_show_published_computed_corrected_and_status():
    result = check("guenter-simple", {"z": 4.0, "p_n": 3.1671e-5})
    text = repr(result)
    assert "guenter-simple" in text and "Simon Günter" in text
    assert "p_n: published P_n = 0.0033 %, computed 3.1671e-05, corrected 3.167e-05" in text
    html = result._repr_html_()
    assert "<table>" in html and "erratum" in html and "0.0033 %" in html
    assert repr(check("guenter-simple", {"z": 4.0, "p_n": 3.1671e-5})) == text  # deterministic


def test_table_accepts_a_mapping_or_checks():
    t = table(
        {
            "sym-pessimistic": {"training_error": 0.01, "pessimistic_error": 0.025},
            "guenter-sign": 0.0625,
        }
    )
    assert t.statuses == {"sym-pessimistic": "agrees", "guenter-sign": "agrees"}
    assert "<table>" in t._repr_html_() and "guenter-sign" in repr(t)
    same = table(t.checks)
    assert same.statuses == t.statuses
    with pytest.raises(TypeError, match="Check results"):
        table(["wolff-cp"])


# a registry with one source and one entry, up to (not including) its tolerance
MINIMAL_ENTRY = """
[sources.s]
author = "A"
title = "T"
venue = "P"
language = "L"

[examples.x]
notebook = "n"
source = "s"
section = "§1"
quantity = "q"
printed = { v = "1" }
published = { v = 1.0 }
"""


def test_a_broken_registry_is_rejected_clearly(tmp_path, monkeypatch):
    path = tmp_path / "reg.toml"
    path.write_text(MINIMAL_ENTRY + "tolerance = {}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="quantity 'v' has no tolerance"):
        registry(path)
    path.write_text(path.read_text().replace("tolerance = {}", "tolerance = { v = 0.5 }"))
    monkeypatch.setenv("EVALKIT_REGISTRY", str(path))
    assert list(registry()) == ["x"]
    assert check("x", 1.2).status == "agrees"


# ---- severity of an erratum (issue 20, point 9) ---------------------------------------------

SEVERITY = {
    "sym-binom-variance": "typo",  # the slide's sd formula is not used afterwards
    "tan-acc-binomial": "typo",  # the text goes on with acc's (right) mean and variance
    "tan-z-table": "rounding",
    "sym-wilson-table": "rounding",
    "tan-diff-ci": "typo",  # Symeonidis labels the variance σ but then uses √0.0043
    "tan-diff-level": "conclusion",  # 93.6 % instead of 87.3 %: the level reported changes
    "guenter-simple": "rounding",
    "guenter-paired": "conclusion",  # P_n 0.06 % instead of 0.043 %
    "guenter-paired-vs-simple": "conclusion",  # 7.78 % instead of 7.66 %
    "guenter-pn-meaning": "conclusion",  # a p-value read as P(H0 | data)
    "guenter-x-normal": "typo",  # X takes −1, 0, 1; only its mean is about normal
    "tan-t-table": "rounding",
    "tan-cv-t": "conclusion",  # a one-sided quantile in a two-sided interval
    "fouladi-n-rule": "rounding",  # 3333 rounded to one significant figure
    "sym-roc-table": "conclusion",  # AUC 0.60 instead of 0.56
    "demsar-nemenyi-table": "rounding",
    "demsar-bonferroni-dunn-table": "typo",  # k = 9 at α = 0.05 is not used in the paper
}


def test_every_erratum_has_a_valid_severity_and_other_entries_have_none():
    for key, entry in registry().items():
        if entry.erratum:
            assert entry.severity in examples.SEVERITIES, key
        else:
            assert entry.severity == "", key
    assert {k: registry()[k].severity for k in SEVERITY} == SEVERITY
    assert set(SEVERITY) == {k for k, e in registry().items() if e.erratum}
    assert list(examples.SEVERITIES) == ["rounding", "typo", "conclusion"]


@pytest.mark.parametrize("example_id", ERRATA)
def test_check_and_table_show_the_severity_of_an_erratum(example_id):
    entry = example(example_id)
    computed = published_values(example_id)
    computed.update(entry.corrected)
    result = check(example_id, computed)
    severity = entry.severity
    assert result.severity == severity
    meaning = examples.SEVERITIES[severity]
    text = repr(result)
    assert text.splitlines()[0].endswith(f": erratum ({severity})")
    assert f"-> erratum ({severity})" in text
    assert f"erratum, severity {severity} ({meaning}):" in text
    page = result._repr_html_()
    assert f">{severity}</span>" in page and f"{meaning}" in page
    both = table([result, check("guenter-sign", 0.0625)])
    assert f"erratum ({severity})" in repr(both)
    assert f">{severity}</span>" in both._repr_html_()


def test_an_agreeing_check_shows_no_severity():
    result = check("guenter-sign", 0.0625)
    assert result.severity == ""
    for severity in examples.SEVERITIES:
        assert f"({severity})" not in repr(result)
        assert f">{severity}</span>" not in result._repr_html_()


REGISTRY_WITH_ERRATUM = (
    MINIMAL_ENTRY
    + """tolerance = { v = 0.1 }
corrected = { v = 2.0 }
erratum = "the document printed 1 but the value is 2"
"""
)


@pytest.mark.parametrize(
    ("severity_line", "match"),
    [
        ("", r"'x' has an erratum but no severity; allowed: 'rounding', 'typo', 'conclusion'"),
        ('severity = "minor"', r"'x': severity 'minor' is not allowed; allowed: 'rounding'"),
        ('severity = "Typo"', r"severity 'Typo' is not allowed"),
        ("severity = 2", r"severity 2 is not allowed"),
    ],
)
def test_an_erratum_without_a_valid_severity_is_rejected(tmp_path, severity_line, match):
    path = tmp_path / "reg.toml"
    path.write_text(REGISTRY_WITH_ERRATUM + severity_line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=match):
        registry(path)


def test_a_severity_without_an_erratum_is_rejected(tmp_path):
    text = REGISTRY_WITH_ERRATUM.replace("corrected = { v = 2.0 }\n", "").replace(
        'erratum = "the document printed 1 but the value is 2"', 'severity = "typo"'
    )
    path = tmp_path / "reg.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="'x' has a severity but no erratum text"):
        registry(path)
    good = tmp_path / "good.toml"
    good.write_text(REGISTRY_WITH_ERRATUM + 'severity = "conclusion"\n', encoding="utf-8")
    assert registry(good)["x"].severity == "conclusion"


def test_tans_scaled_binomial_is_an_erratum_computed_from_the_distribution():
    """Tan: 'acc = X/N is binomially distributed' — X is; acc = X/N takes the values k/N."""
    from fractions import Fraction

    from evalkit.distributions import binomial_pmf

    entry = example("tan-acc-binomial")
    size, p = entry.inputs["trials"], entry.inputs["p"]
    values = np.arange(size + 1) / size
    pmf = binomial_pmf(np.arange(size + 1), size, p)
    mean = float(np.sum(values * pmf))
    variance = float(np.sum((values - mean) ** 2 * pmf))
    support = [Fraction(k, size) for k in range(size + 1)]
    non_whole = sum(v.denominator != 1 for v, w in zip(support, pmf, strict=True) if w > 0)
    result = check(
        "tan-acc-binomial", {"mean": mean, "variance": variance, "non_whole_values": non_whole}
    )
    assert result.status == "erratum" and result.severity == "typo"
    assert {q.name: q.status for q in result.quantities} == {
        "mean": "agrees",
        "variance": "agrees",
        "non_whole_values": "erratum",
    }
    # no binomial Bin(n, q) has acc's mean p and variance p(1 - p)/N: n would not be whole
    q = 1 - Fraction(variance).limit_denominator(10**6) / Fraction(mean).limit_denominator(10**6)
    n = Fraction(mean).limit_denominator(10**6) / q
    assert n == Fraction(50, 99) and n.denominator != 1
