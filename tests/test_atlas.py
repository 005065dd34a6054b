"""The coverage atlas: complete, reproducible, and agreeing with the docstrings.

* Every public function of evalkit that returns an interval or a test has rows in
  ``data/atlas.csv`` (or speaks through another function's rows, say which).
* A quick subset of the settings is measured again (≤ 20 s): an exact row must come out the same,
  a simulated one within three of its standard errors.
* Every docstring's "Atlas (…)" line states the figures of the committed table.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import re
import sys
import typing

import numpy as np
import pytest

import evalkit
from evalkit import atlas
from evalkit.results import Interval, TestResult
from tests.conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import measure_atlas as measure
import montecarlo

#: Functions whose intervals or tests are those of other, measured functions.
SPEAKS_THROUGH = {
    "intervals.interval": "dispatches by name to the intervals.* functions measured",
    "report.paired_accuracy_difference": "is paired.difference_interval(method='newcombe')",
    "report.compare_classifiers": "combines paired.mcnemar, paired.difference_interval, "
    "intervals.*, roc.* and, with groups=, clustered.accuracy_interval, clustered.mcnemar and "
    "the report's cluster-robust difference interval (coverage measured in its tests)",
    "report.compare_test_sets": "combines independent.fisher_exact / boschloo_exact and "
    "independent.difference_interval (measured)",
    "report.describe_classifier": "combines intervals.* and roc.auc_interval (measured)",
}

#: Public functions not yet measured, each with what is missing (the list may only shrink; a
#: function here fails no test, so an issue must stay open while it is not empty).
PENDING: dict[str, str] = {}


def _holds_interval(tp: typing.Any) -> bool:
    if inspect.isclass(tp) and issubclass(tp, (Interval, TestResult)):
        return True
    if inspect.isclass(tp) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return any(
            inspect.isclass(h) and issubclass(h, (Interval, TestResult)) for h in hints.values()
        )
    return False


def public_intervals_and_tests() -> list[str]:
    """Every public evalkit function whose result is (or holds) an interval or a test result."""
    found = []
    for info in pkgutil.iter_modules(evalkit.__path__):
        if info.name.startswith("_") or info.name in {"atlas"}:
            continue
        module = importlib.import_module(f"evalkit.{info.name}")
        names = getattr(module, "__all__", None) or dir(module)
        for name in names:
            f = getattr(module, name, None)
            if name.startswith("_") or not inspect.isfunction(f) or f.__module__ != module.__name__:
                continue
            try:
                ret = typing.get_type_hints(f).get("return")
            except Exception:  # pragma: no cover - unresolvable annotation
                ret = None
            if ret is not None and _holds_interval(ret):
                found.append(f"{info.name}.{name}")
    return sorted(found)


def test_the_introspection_finds_the_known_ones():
    found = public_intervals_and_tests()
    for name in ("intervals.wilson", "paired.mcnemar", "roc.auc_interval", "metrics.cohen_kappa"):
        assert name in found


def test_every_public_interval_and_test_is_in_the_atlas():
    measured = {r.function for r in atlas.rows()}
    missing = [
        name
        for name in public_intervals_and_tests()
        if name not in measured and name not in SPEAKS_THROUGH and name not in PENDING
    ]
    assert not missing, f"no atlas rows for {missing}: add a family to benchmarks/measure_atlas.py"


def test_the_pending_list_holds_only_unmeasured_functions():
    measured = {r.function for r in atlas.rows()}
    assert not set(PENDING) & measured, "measured now: remove from PENDING"
    assert set(PENDING) <= set(public_intervals_and_tests())


def test_every_row_is_complete_and_precise_enough():
    rows = atlas.rows()
    assert len(rows) > 500
    for r in rows:
        assert 0.0 <= r.value <= 1.0
        assert r.se <= montecarlo.MAX_SE + 1e-9, r
        assert r.kind in {"coverage", "size", "power"}
        assert (r.width is not None) == (r.kind == "coverage") or r.how != "exact enumeration"
        if r.how == "exact enumeration":
            assert r.se == 0.0
        else:
            assert r.how.startswith("simulation, ")


# ------------------------------------------------------------------------------------------
# the quick subset: a few settings per family measured again

QUICK = {
    "one_rate": {"K=50; p=0.97", "K=20; p=0.9"},
    "two_rates": {"K_A=20; K_B=20; p_A=0.95; p_B=0.85"},
    "independent_tests": {"K_A=20; K_B=20; p=0.7", "K_A=20; K_B=20; p_A=0.95; p_B=0.7"},
    "paired_tests": {"N=50; p_only=0.1", "N=100; p_only1=0.06; p_only2=0.02"},
    "sign_tests": {"n=14", "runs=14; p_tie=0.3"},
    "wilcoxon": {"n=10"},
    "auc": {"n_pos=50; n_neg=50; AUC=0.9"},
    "cochran": {"classifiers=3; N=50; p_informative=0.1"},
    "cv_tests": {"differences=10; rho=0.1"},
    "prior_weighted": {"N_1=50; N_2=50; prior_1=0.5; error_1=0.05; error_2=0.2"},
    "kappa": {"N=20; classes=3; kappa=0"},
    "bayesian": {"N=20; p_a=0.7; p_b=0.1; p_c=0.1; p_d=0.1"},
    "clustered": {"writers=10; items=20; accuracy=0.9; ICC=0.2"},
}


@pytest.mark.parametrize("family", sorted(QUICK))
def test_the_quick_subset_reproduces_the_committed_table(family):
    wanted = QUICK[family]
    committed = {(r.function, r.method, r.setting): r for r in atlas.rows()}
    fresh, _ = measure.measure([family], select=lambda f, m, s: s in wanted)
    assert fresh, f"{family}: the quick settings {wanted} select nothing"
    for row in fresh:
        old = committed[(row.function, row.method, row.setting)]
        tolerance = 1e-6 if old.se == 0 else 3 * old.se  # the table keeps 6 decimals
        assert abs(row.value - old.value) <= tolerance, (row, old)


# ------------------------------------------------------------------------------------------
# the docstrings state the committed figures

ATLAS_LINE = re.compile(
    r"Atlas \((?P<kind>coverage|size)(?:, (?P<method>[^)]+))?\): minimum (?P<min>[0-9.]+), "
    r"median (?P<median>[0-9.]+), maximum (?P<max>[0-9.]+)\s+over\s+(?P<n>\d+)\s+settings?"
)


def _docstring_lines():
    for name in sorted({r.function for r in atlas.rows()}):
        module, function = name.split(".")
        doc = inspect.getdoc(getattr(importlib.import_module(f"evalkit.{module}"), function)) or ""
        yield name, " ".join(doc.split())


def test_every_measured_method_states_its_figures_in_the_docstring():
    for name, doc in _docstring_lines():
        stated = {(m["kind"], m["method"] or "-") for m in ATLAS_LINE.finditer(doc)}
        for kind in ("coverage", "size"):
            for method in sorted({r.method for r in atlas.rows(name, kind=kind)}):
                assert (kind, method) in stated, f"{name}: no 'Atlas ({kind}, {method}): …' line"


def test_the_docstring_figures_agree_with_the_table():
    for name, doc in _docstring_lines():
        for m in ATLAS_LINE.finditer(doc):
            s = atlas.summary(name, m["method"] or "-", m["kind"])
            stated = (float(m["min"]), float(m["median"]), float(m["max"]), int(m["n"]))
            assert stated == (
                round(s.minimum, 3),
                round(s.median, 3),
                round(s.maximum, 3),
                s.settings,
            ), f"{name}: the docstring says {m.group(0)!r}, the table {s}"


# ------------------------------------------------------------------------------------------
# the reader


def test_summary_and_nearest():
    s = atlas.summary("intervals.wilson")
    assert s.minimum < 0.9 and 0.93 < s.median < 0.96
    assert atlas.summary("intervals.clopper_pearson").minimum >= 0.95
    row = atlas.nearest("intervals.wald", K=48, p=0.97)
    assert row.setting == "K=50; p=0.97"
    assert atlas.shortfall_note("intervals.clopper_pearson", K=50, p=0.97) is None
    assert "covers" in atlas.shortfall_note("intervals.wald", K=50, p=0.97)


def test_the_reader_rejects_an_unknown_method():
    with pytest.raises(ValueError, match=r"no coverage rows for function='intervals\.nope'"):
        atlas.summary("intervals.nope", kind="coverage")


def test_wilson_dips_where_the_third_reading_says():
    # issue 43 §7: Wilson's minimum coverage 0.838 near x = 0.9965 at K = 50
    worst = [r for r in atlas.rows("intervals.wilson", "-") if r.worst and "K=50;" in r.setting]
    assert len(worst) == 1
    assert worst[0].value == pytest.approx(0.838, abs=0.002)
    assert np.isclose(worst[0].parameters["p"], 0.9965, atol=0.001)


# ------------------------------------------------------------------------------------------
# the report looks the chosen methods up


def _labels(correct: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    y = np.tile([0, 1], size // 2)
    pred = y.copy()
    pred[correct:] = 1 - pred[correct:]
    return y, pred


def test_the_report_says_where_wilson_falls_short():
    from evalkit.report import describe_classifier

    y, pred = _labels(49, 50)  # 98 %: Wilson covers 0.922 at K = 50, p = 0.98
    said = [w for w in describe_classifier(y, pred).warnings if "coverage atlas" in w]
    assert len(said) == 1 and "Wilson's interval covers" in said[0], said
    assert "Clopper–Pearson" in said[0] and "(K=50; p=0.98)" in said[0]
    y, pred = _labels(40, 50)  # 80 %: Wilson covers 0.951 there; nothing to say
    assert not [w for w in describe_classifier(y, pred).warnings if "coverage atlas" in w]
    y, pred = _labels(100, 100)  # a perfect score is read as near-perfect, where Wilson dips
    said = [w for w in describe_classifier(y, pred).warnings if "coverage atlas" in w]
    assert len(said) == 1 and "(K=100; p=0.995)" in said[0], said
    assert atlas.shortfall_note("intervals.wilson", K=100, p=1.0) is None  # nothing measured at 1


def test_the_report_speaks_only_near_a_measured_setting_and_at_95_percent():
    from evalkit.report import describe_classifier

    y, pred = _labels(49, 50)
    quiet = describe_classifier(y, pred, confidence=0.9).warnings
    assert not [w for w in quiet if "coverage atlas" in w]
    assert atlas.shortfall_note("intervals.wilson", K=5000, p=0.98) is None  # K=500 is too far


def test_the_comparison_warns_about_a_liberal_mcnemar_form():
    from evalkit.report import compare_classifiers

    y = np.tile([0, 1], 10)
    a, b = y.copy(), y.copy()
    a[:2] = 1 - a[:2]
    b[2:6] = 1 - b[2:6]  # 20 items, 6 discordant: the asymptotic form's size 0.044 is fine
    said = compare_classifiers(y, a, b, mcnemar_method="asymptotic").warnings
    assert not [w for w in said if "rejects a true null" in w]
    note = atlas.shortfall_note("paired.mcnemar", "asymptotic", N=500, p_only=0.01)
    row = atlas.nearest("paired.mcnemar", "asymptotic", N=500, p_only=0.01)
    assert (note is None) == (row.value <= 0.07)


def test_the_website_page_has_a_title_for_every_family():
    sys.path.insert(0, str(REPO / "tools"))
    from atlas_page import FAMILIES, summary_table

    modules = {r.function.split(".")[0] for r in atlas.rows()}
    assert modules <= set(FAMILIES), modules - set(FAMILIES)
    table = summary_table("intervals")
    methods = {(r.function, r.method) for r in atlas.rows() if r.function.startswith("intervals.")}
    # a header, nine intervals and the binomial test's four forms (exact, mid-p; two-sided, greater)
    assert table.count("<tr>") == 1 + len(methods) == 14
