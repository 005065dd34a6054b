"""The coverage atlas: complete, reproducible, and agreeing with the docstrings.

* Every public function of evalkit (every function in the ``__all__`` of evalkit and of its
  public modules) has rows in ``data/atlas.csv``, or speaks through other functions' rows (say
  which, and they must have rows), or is on a short list of functions that return neither an
  interval nor a decision (say why). The checker itself is tested on a planted function.
* A quick subset of the settings is measured again (≤ 20 s): an exact row must come out the same,
  a simulated one within three of its standard errors.
* Every docstring's "Atlas (…)" line states the figures of the committed table.
* The lookup, :func:`evalkit.atlas.compare`, agrees with the exact coverage functions.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping

import numpy as np
import pytest
from scipy import stats

import evalkit
from evalkit import atlas
from evalkit.results import Interval, TestResult
from tests.conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import measure_atlas as measure
import montecarlo

#: Functions whose intervals or decisions are other functions' rows: name → (those functions,
#: why). Each of those functions must have rows.
SPEAKS_THROUGH: dict[str, tuple[tuple[str, ...], str]] = {
    "intervals.interval": (
        tuple(dict.fromkeys(f for f, _ in measure.ONE_RATE_FUNCTIONS.values())),
        "dispatches by name to the intervals.* functions",
    ),
    "report.paired_accuracy_difference": (
        ("paired.difference_interval",),
        "is paired.difference_interval(method='newcombe')",
    ),
    "report.compare_classifiers": (
        ("paired.mcnemar", "paired.difference_interval", "paired.paired_test",
         "paired.noninferiority_test", "roc.delong_test", "clustered.accuracy_interval"),
        "combines these; with groups= also the report's cluster-robust difference interval "
        "and its t test, private functions (evalkit.report.comparison.grouped_difference and "
        "grouped_difference_test) whose coverage tests/test_report.py measures, not the atlas",
    ),
    "report.compare_test_sets": (
        ("independent.boschloo_exact", "independent.fisher_exact",
         "independent.difference_interval", "independent.noninferiority_test"),
        "Boschloo's test (Fisher's mid-p beyond its outcome limit), Newcombe's interval and, "
        "with margin=, Farrington & Manning's test",
    ),
    "report.describe_classifier": (
        ("intervals.clopper_pearson", "intervals.wilson", "roc.auc_interval"),
        "combines the intervals for one rate and the AUC's",
    ),
    "multiple.critical_difference_diagram": (
        ("multiple.nemenyi",),
        "draws Nemenyi's critical difference: its decisions are nemenyi's",
    ),
    "adjust.holm": (
        ("paired.pairwise_mcnemar", "multiple.pairwise_wilcoxon"),
        "Holm's adjustment: its family-wise error is measured where evalkit uses it",
    ),
    "adjust.bonferroni": (
        ("paired.pairwise_mcnemar", "multiple.pairwise_wilcoxon"),
        "rejects only where Holm's adjustment of the same p-values rejects (Holm's is "
        "uniformly more powerful), so its family-wise error is at most Holm's",
    ),
    "atlas.compare": (
        ("intervals.clopper_pearson", "independent.difference_interval",
         "paired.difference_interval", "paired.mcnemar", "roc.auc_interval"),
        "computes these functions' intervals and their coverage; no method of its own",
    ),
}  # fmt: skip

#: Public functions that return neither an interval nor a decision: why, and which. Short on
#: purpose: a new public function lands here only with a reason that fits it.
EXEMPT: dict[str, tuple[str, ...]] = {
    "a point estimate, a count or a curve, with no interval": (
        "metrics.accuracy", "metrics.brier_score", "metrics.brier_decomposition",
        "metrics.calibration_error", "metrics.confusion_matrix",
        "metrics.expected_calibration_error",
        "metrics.expected_cost", "metrics.f_measure", "metrics.precision", "metrics.recall",
        "metrics.weighted_accuracy", "metrics.random_ranking_average_precision",
        "roc.auc", "roc.average_precision", "roc.roc_curve", "roc.precision_recall_curve",
        "bootstrap.word_accuracy", "clustered.design_effect", "datasets.pessimistic_error",
        "multiple.average_ranks", "paired.agreement_table", "paired.paired_variance",
        "resampling.estimate_error", "resampling.bootstrap_632",
        "resampling.no_information_error",
    ),
    "an ingredient of an interval measured elsewhere (BCa's constants, the jackknife, "
    "Nemenyi's q_α)": (
        "bootstrap.acceleration", "bootstrap.bias_correction", "bootstrap.jackknife",
        "multiple.critical_value",
    ),
    "the atlas's own instruments: exact coverage, width or rejection probability, and the "
    "reader of the table": (
        "intervals.coverage", "intervals.expected_width", "independent.difference_coverage",
        "independent.rejection_probability", "paired.rejection_probability",
        "atlas.nearest", "atlas.rows", "atlas.shortfall_note", "atlas.summary",
    ),
    "a probability distribution, or a bound on a p-value's evidence (Sellke et al.)": (
        "distributions.beta_cdf", "distributions.beta_moments", "distributions.beta_pdf",
        "distributions.beta_quantile", "distributions.binomial_cdf",
        "distributions.binomial_pmf", "distributions.fit_beta_moments",
        "independent.fisher_null_distribution", "independent.hypergeometric_pmf",
        "independent.posterior_null_probability", "independent.sellke_bound",
    ),
    "planning a test set: sizes, power and detectable differences (exact enumerations "
    "themselves, checked in tests/test_planning.py)": (
        "intervals.trials_for_halfwidth", "metrics.trials_for_error_rate",
        "planning.connor_trials", "planning.detectable_difference", "planning.fleiss_trials",
        "planning.power_auc", "planning.power_independent", "planning.power_paired",
        "planning.trials_independent", "planning.trials_paired",
    ),
    "splits of a data set for training and testing": (
        "resampling.bootstrap", "resampling.holdout", "resampling.kfold",
        "resampling.leave_one_out", "resampling.random_subsampling",
        "resampling.resubstitution",
    ),
    "figures and their style, and the verdict a figure reads off an interval it is given": (
        "bayesian.plot_posterior", "bayesian.plot_simplex", "multiple.draw_critical_difference",
        "plots.course_style", "plots.use_course_style", "plots.coverage_curve_figure",
        "plots.coverage_maps_figure", "plots.draw_decision_regions", "plots.fisher_null_figure",
        "plots.interval_bars_figure", "plots.margin_outcomes_figure", "plots.margin_verdict",
        "plots.paired_tests_figure", "plots.bootstrap_accuracy_figure",
        "plots.calibration_threshold_figure",
    ),
    "the course's data, registries, formatting and exercise checks": (
        "datasets.circles_and_triangles", "datasets.data_file", "datasets.data_folder",
        "datasets.true_class", "examples.check", "examples.example", "examples.ids",
        "examples.registry", "examples.registry_path", "examples.table",
        "exercises.expect_at_least", "exercises.expect_choice", "exercises.expect_integer",
        "exercises.expect_integers", "exercises.expect_interval", "exercises.expect_number",
        "exercises.expect_numbers", "exercises.expect_true", "exercises.grader",
        "exercises.seal_check_file", "exercises.write_sealed_checks",
        "glossary.glossary_table", "glossary.notation_table", "results.format_pvalue",
        "results.format_value", "results.html_table", "sealing.from_dict",
        "sealing.normal_choice",
    ),
}  # fmt: skip


def exempt_names(exempt: Mapping[str, Iterable[str]] = EXEMPT) -> dict[str, str]:
    """The exempt functions, each with its reason."""
    return {name: reason for reason, names in exempt.items() for name in names}


def _home(function: Callable[..., typing.Any], listed_in: str) -> str:
    """The atlas's name of a public function: by the public module that defines it
    (``multiple.holm`` is ``adjust.holm``; ``evalkit.compare_classifiers`` is
    ``report.compare_classifiers``), else by the module that lists it."""
    defined = function.__module__.split(".")
    if defined[0] == "evalkit" and len(defined) > 1 and not defined[1].startswith("_"):
        return f"{defined[1]}.{function.__name__}"
    return f"{listed_in}.{function.__name__}"


def public_functions(modules: Mapping[str, types.ModuleType]) -> dict[str, typing.Any]:
    """Every function in the ``__all__`` of the given modules (name → module), once each."""
    found: dict[str, typing.Any] = {}
    for listed_in, module in modules.items():
        for attr in getattr(module, "__all__", ()):
            obj = getattr(module, attr, None)
            if inspect.isfunction(obj):
                found.setdefault(_home(obj, listed_in), obj)
    return found


def evalkit_modules() -> dict[str, types.ModuleType]:
    """evalkit itself (its ``__all__`` names the report's calls) and every public module."""
    out = {"evalkit": evalkit}  # its functions are the report's calls (report.*)
    out.update({name: importlib.import_module(f"evalkit.{name}") for name in evalkit._submodules()})
    return out


def unaccounted(
    functions: Iterable[str],
    measured: set[str],
    speaks_through: Mapping[str, tuple[tuple[str, ...], str]],
    exempt: Mapping[str, str],
) -> list[str]:
    """The functions with no rows, not exempt, and not speaking through measured functions."""
    missing = []
    for name in sorted(functions):
        if name in measured or name in exempt:
            continue
        through = speaks_through.get(name)
        if through and all(target in measured for target in through[0]):
            continue
        missing.append(name)
    return missing


def _holds_interval(tp: typing.Any) -> bool:
    if inspect.isclass(tp) and issubclass(tp, (Interval, TestResult)):
        return True
    if inspect.isclass(tp) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return any(
            inspect.isclass(h) and issubclass(h, (Interval, TestResult)) for h in hints.values()
        )
    return False


def _measured() -> set[str]:
    return {r.function for r in atlas.rows()}


def test_every_public_function_has_rows_or_a_reason():
    missing = unaccounted(
        public_functions(evalkit_modules()), _measured(), SPEAKS_THROUGH, exempt_names()
    )
    assert not missing, (
        f"no atlas rows for {missing}: add a family to benchmarks/measure_atlas.py, or (for a "
        "function that returns neither an interval nor a decision) add it to EXEMPT with a reason"
    )


def test_the_lists_hold_only_public_functions_and_no_measured_one():
    public = public_functions(evalkit_modules())
    exempt = exempt_names()
    assert len(exempt) == sum(len(v) for v in EXEMPT.values()), "a function listed twice"
    assert not (set(exempt) | set(SPEAKS_THROUGH)) - set(public), "not a public function (any more)"
    assert not set(exempt) & set(SPEAKS_THROUGH)
    assert not set(exempt) & _measured(), "measured now: remove it from EXEMPT"
    for name in exempt:  # an exempt function's result holds no interval or test result
        hint = typing.get_type_hints(public[name]).get("return")
        assert not _holds_interval(hint), f"{name} returns {hint}: it needs atlas rows"
    for name, (targets, reason) in SPEAKS_THROUGH.items():
        assert reason and targets, name
        assert set(targets) <= _measured(), f"{name} speaks through unmeasured {targets}"


def test_the_checker_finds_a_planted_public_function_without_rows():
    def planted(successes: int, trials: int) -> Interval:  # pragma: no cover - never called
        raise NotImplementedError

    planted.__module__ = "evalkit.planted"
    module = types.ModuleType("evalkit.planted")
    module.planted = planted
    module.helper = lambda: None  # not in __all__: not public
    module.__all__ = ["planted"]
    found = public_functions({"planted": module})
    assert list(found) == ["planted.planted"]
    assert unaccounted(found, _measured(), SPEAKS_THROUGH, exempt_names()) == ["planted.planted"]
    # measured, exempt, or speaking through measured functions: accounted for
    assert unaccounted(found, {"planted.planted"}, {}, {}) == []
    assert unaccounted(found, set(), {}, {"planted.planted": "a reason"}) == []
    through = {"planted.planted": (("intervals.wilson",), "is Wilson's")}
    assert unaccounted(found, {"intervals.wilson"}, through, {}) == []
    # ... but not through a function without rows
    assert unaccounted(found, set(), through, {}) == ["planted.planted"]
    # and the whole API with the planted module added still finds it
    modules = {**evalkit_modules(), "planted": module}
    everything = public_functions(modules)
    assert unaccounted(everything, _measured(), SPEAKS_THROUGH, exempt_names()) == [
        "planted.planted"
    ]


def test_the_public_api_is_found_from_all():
    public = public_functions(evalkit_modules())
    for name in (
        "intervals.wilson",
        "paired.mcnemar",
        "multiple.friedman",
        "bayesian.sign",
        "paired.pairwise_mcnemar",
        "adjust.holm",
        "report.compare_classifiers",
    ):
        assert name in public, name
    assert "multiple.holm" not in public  # a re-export counts where it is defined


def test_issue_57_methods_have_rows():
    for function, method in (
        ("multiple.friedman", "chi2"), ("multiple.friedman", "iman-davenport"),
        ("multiple.nemenyi", "-"), ("multiple.pairwise_wilcoxon", "auto"),
        ("paired.pairwise_mcnemar", "mid-p"), ("bayesian.sign", "claim at 0.95"),
        ("bayesian.signed_rank", "claim at 0.95"), ("paired.cochran_q", "chi2"),
        ("paired.cochran_q", "exact"), ("paired.cochran_q", "permutation"),
    ):  # fmt: skip
        assert atlas.rows(function, method, "size"), (function, method)
    assert not atlas.rows("paired.cochran_q", "-"), "the χ² form is named 'chi2' now"
    writers = {r.parameters["writers"] for r in atlas.rows("clustered.mcnemar", kind="size")}
    assert {5, 8} <= writers


def test_every_row_says_what_it_measured():
    for r in atlas.rows():
        assert r.model, f"{r.function}: no model; add it to MODELS in measure_atlas.py"
    assert atlas.rows("metrics.cohen_kappa")[0].model.startswith(
        "3 classes with shares 0.5/0.3/0.2"
    )
    assert "Beta(2, 2)" in atlas.rows("clustered.mcnemar")[0].model
    assert "U(0, 1)" in atlas.rows("metrics.calibration_test")[0].model
    assert set(measure.MODELS) >= _measured()


def test_every_method_has_a_worst_setting():
    groups: dict[tuple[str, str, str], list[atlas.AtlasRow]] = {}
    for r in atlas.rows():
        if r.kind in ("coverage", "size"):
            groups.setdefault((r.function, r.method, r.kind), []).append(r)
    for (function, method, kind), found in groups.items():
        worst = [r for r in found if r.worst]
        assert worst, (function, method, kind)
        if len(worst) == 1:  # a grid's worst: the extreme of the method's rows
            extreme = (min if kind == "coverage" else max)(r.value for r in found)
            assert worst[0].value == extreme, (function, method, kind)
    many = atlas.rows("roc.multiclass_auc", "delong-logit; ovo, macro")
    assert len(many) >= 3  # issue 57 §5: no more single-setting rows for "ovo"


def test_mark_worst_moves_with_a_grown_grid():
    rows = [
        measure.Row("f.g", "-", "coverage", "a=1", 0.94, 0.004, worst=True, how="simulation"),
        measure.Row("f.g", "-", "coverage", "a=2", 0.91, 0.004, how="simulation"),
        measure.Row("f.g", "-", "size", "a=1", 0.06, 0.004, how="simulation"),
    ]
    marked = measure.mark_worst(rows)
    assert [r.worst for r in marked] == [False, True, True]
    # two or more worst rows: a fine search per size, its own rows, kept as they are
    fine = [
        measure.Row("f.g", "-", "coverage", "K=10; p=0.98", 0.84, worst=True),
        measure.Row("f.g", "-", "coverage", "K=20; p=0.99", 0.85, worst=True),
        measure.Row("f.g", "-", "coverage", "K=20; p=0.9", 0.83),
    ]
    assert [r.worst for r in measure.mark_worst(fine)] == [True, True, False]


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
    "bayesian_datasets": {"n=20; rope=0", "n=6; rope=0"},
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
    r"Atlas \((?P<kind>coverage|size)(?:, (?P<method>[^)]+))?\): minimum (?P<min>[0-9.]+)"
    r"(?: \(at (?P<min_at>[^)]+)\))?, median (?P<median>[0-9.]+), maximum (?P<max>[0-9.]+)"
    r"(?: \(at (?P<max_at>[^)]+)\))?\s+over\s+(?P<n>\d+)\s+settings?"
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
            found = atlas.rows(name, m["method"] or "-", m["kind"])
            if m["kind"] == "coverage":  # where the minimum lies (a size: its maximum)
                assert m["min_at"] == min(found, key=lambda r: r.value).setting.replace("; ", ", ")
            else:
                assert m["max_at"] == max(found, key=lambda r: r.value).setting.replace("; ", ", ")


def test_the_docstrings_say_what_the_tool_writes():
    # tools/atlas_docstrings.py writes the lines, with the plain sentence where a method falls
    # more than 2 points below nominal: run it after the table changed
    sys.path.insert(0, str(REPO / "tools"))
    import atlas_docstrings

    stale = []
    for name, doc in _docstring_lines():
        for line in atlas_docstrings.atlas_lines(name):
            if " ".join(line.split()) not in doc:
                stale.append(f"{name}: {line}")
    assert not stale, "run .venv/bin/python tools/atlas_docstrings.py:\n" + "\n".join(stale)


def test_the_plain_sentence_says_where_one_rate_intervals_dip():
    sys.path.insert(0, str(REPO / "tools"))
    import atlas_docstrings

    wilson = " ".join(atlas_docstrings.atlas_lines("intervals.wilson")[0].split())
    assert "minimum 0.835 (at K=10, p=0.982136)" in wilson
    assert "It covers less than 93 % at" in wilson and "p ≈ 1 − 0.18/K" in wilson
    assert "p ≈ 1 − 0.24/K" in atlas_docstrings.atlas_lines("intervals.bayes_uniform")[0]
    assert "minimum 0.868" in atlas_docstrings.atlas_lines("intervals.jeffreys")[0]
    assert "It covers" not in atlas_docstrings.atlas_lines("intervals.clopper_pearson")[0]


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


# ------------------------------------------------------------------------------------------
# the lookup: which interval for my counts? (issue 57 §7)


def test_the_lookup_answers_47_of_50():
    from evalkit import intervals

    look = atlas.compare(successes=47, trials=50)
    assert look.recommended == ("clopper-pearson",)
    assert {c.method for c in look.choices} == set(intervals.METHODS)
    cp, wilson = look.choice("clopper-pearson"), look.choice("wilson")
    exact = intervals.clopper_pearson(47, 50)
    assert (cp.low, cp.high) == pytest.approx((exact.low, exact.high), abs=1e-12)
    assert cp.worst >= 0.95 and cp.width > wilson.width
    # Wilson's dip near 0.18 expected errors lies inside 0.94 ± 2 SE = 0.873 … 1
    assert wilson.worst == pytest.approx(0.8378, abs=0.0005)
    assert wilson.worst_at == "p=0.9965"
    assert "dips to 83.8 % at p=0.9965" in look.reason and "Clopper–Pearson" in look.reason
    assert "0.8728 to 1" in look.near
    text = str(look)
    assert "clopper-pearson *" in text and "wilson" in text and "recommended" in text
    assert "<table" in look._repr_html_() and "Lookup(" in repr(look)


@pytest.mark.parametrize("method", ["clopper-pearson", "wilson", "jeffreys", "wald", "mid-p"])
def test_the_lookup_agrees_with_the_exact_coverage(method):
    from evalkit import intervals

    look = atlas.compare(successes=47, trials=50)
    c = look.choice(method)
    assert c.at_estimate == pytest.approx(float(intervals.coverage(method, 50, 0.94)), abs=1e-12)
    p = float(c.worst_at.removeprefix("p="))
    # the worst near the estimate, cross-checked on an independent fine grid of the same range
    # (up to 0.02 expected errors: Wald's coverage falls to 0 as p approaches 1)
    grid = np.linspace(0.94 - 2 * np.sqrt(0.94 * 0.06 / 50), 1 - 0.02 / 50, 20001)
    independent_min = float(np.min(intervals.coverage(method, 50, grid)))
    assert c.worst <= independent_min + 1e-3
    assert c.worst == pytest.approx(float(intervals.coverage(method, 50, p)), abs=2e-3)
    # by the binomial sum itself at the estimate
    ci = intervals.interval(np.arange(51), 50, method)
    inside = (np.asarray(ci.low) <= 0.94) & (0.94 <= np.asarray(ci.high))
    assert c.at_estimate == pytest.approx(
        float(stats.binom.pmf(np.arange(51), 50, 0.94)[inside].sum())
    )


def test_the_lookup_for_two_test_sets_uses_the_report_interval():
    from evalkit import independent

    look = atlas.compare(successes=(47, 40), trials=(50, 60))
    assert look.recommended == ("newcombe",)
    assert look.estimate == pytest.approx(47 / 50 - 40 / 60)
    for c in look.choices:
        exact = independent.difference_coverage(c.method, 50, 60, 47 / 50, 40 / 60)
        assert c.at_estimate == pytest.approx(float(exact), abs=1e-12)
        assert c.worst <= c.at_estimate + 1e-12
        ci = independent.difference_interval(47, 50, 40, 60, c.method)
        assert (c.low, c.high) == pytest.approx((ci.low, ci.high))
    assert "Boschloo" in look.reason


def test_the_paired_lookup_agrees_with_an_enumeration():
    from evalkit import paired

    table = [[7, 3], [1, 1]]  # 12 items: every one of the 455 tables can be listed here
    look = atlas.compare(table=table)
    assert look.recommended == ("newcombe", "mid-p")
    assert look.estimate == pytest.approx(2 / 12)
    newcombe = look.choice("newcombe")
    # at the estimate: cells (share of a among a + d as the lookup smooths it, b/n, c/n)
    share = 7.5 / 9
    probs = [share * 8 / 12, 3 / 12, 1 / 12, (1 - share) * 8 / 12]
    total = 0.0
    for a in range(13):
        for b in range(13 - a):
            for c in range(13 - a - b):
                d = 12 - a - b - c
                ci = paired.difference_interval([[a, b], [c, d]], "newcombe")
                if ci.low - 1e-12 <= 2 / 12 <= ci.high + 1e-12:
                    total += stats.multinomial.pmf([a, b, c, d], 12, probs)
    assert newcombe.at_estimate == pytest.approx(total, abs=1e-9)
    midp = next(c for c in look.choices if c.kind == "size" and c.method == "mid-p")
    assert midp.at_estimate == pytest.approx(float(paired.rejection_probability(12, 4 / 24)))
    assert midp.low is None and "McNemar" in look.reason


def test_the_auc_lookup_reads_the_atlas():
    look = atlas.compare(auc=0.9, positives=50, negatives=50)
    assert look.recommended == ("delong-logit",)
    row = atlas.nearest("roc.auc_interval", "delong-logit", n_pos=50, n_neg=50, AUC=0.9)
    c = look.choice("delong-logit")
    assert (c.at_estimate, c.width) == (row.value, row.width)
    assert c.worst <= c.at_estimate and row.setting in c.how


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({}, ValueError, "give exactly one of"),
        ({"successes": 3, "trials": 5, "table": [[1, 2], [3, 4]]}, ValueError, "exactly one"),
        ({"successes": 3}, ValueError, "together"),
        ({"successes": 6, "trials": 5}, ValueError, "successes must be at most trials"),
        ({"successes": -1, "trials": 5}, ValueError, "successes must be a whole number"),
        ({"successes": 2.5, "trials": 5}, ValueError, "successes must be a whole number"),
        ({"successes": True, "trials": 5}, TypeError, "successes must be a whole number"),
        ({"successes": 3, "trials": 0}, ValueError, "trials must be ≥ 1"),
        ({"successes": (3, 4), "trials": 5}, ValueError, "both pairs"),
        ({"successes": (3, 4, 5), "trials": (5, 5, 5)}, ValueError, "both pairs"),
        ({"successes": 3, "trials": 5, "confidence": 1.5}, ValueError, "confidence"),
        ({"table": [1, 2, 3, 4]}, ValueError, "2 × 2 agreement table"),
        ({"table": [[0, 0], [0, 0]]}, ValueError, "at least one item"),
        ({"table": [[1, -2], [3, 4]]}, ValueError, "table's cells"),
        ({"auc": 0.9, "positives": 50}, ValueError, "negatives="),
        ({"auc": 1.0, "positives": 50, "negatives": 50}, ValueError, r"auc must be in \(0, 1\)"),
        ({"auc": 0.9, "positives": 0, "negatives": 50}, ValueError, "positives and negatives"),
        ({"auc": 0.9, "positives": 50, "negatives": 50, "confidence": 0.9}, ValueError, "0.95"),
    ],
)
def test_the_lookup_rejects_bad_input(kwargs, error, message):
    with pytest.raises(error, match=message):
        atlas.compare(**kwargs)


def test_the_paired_lookup_simulates_beyond_its_enumeration_and_agrees(monkeypatch):
    table = [[12, 4], [2, 2]]
    exact = atlas.compare(table=table)
    monkeypatch.setattr(atlas, "PAIRED_EXACT_ITEMS", 10)  # force the simulation for 20 items
    simulated = atlas.compare(table=table)
    assert simulated == atlas.compare(table=table)  # seeded: the same table every time
    for method in ("newcombe", "wald", "tango"):
        e, s = exact.choice(method), simulated.choice(method)
        assert e.how == "exact enumeration" and s.how.startswith("simulation, 2000 test sets")
        se = np.sqrt(e.at_estimate * (1 - e.at_estimate) / atlas.PAIRED_SIMULATED)
        assert abs(s.at_estimate - e.at_estimate) <= 4 * se + 1e-9, (method, e, s)
        assert (s.low, s.high) == (e.low, e.high)
