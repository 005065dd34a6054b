"""The conventions of issue 44, checked across the whole package by introspection.

* ``import evalkit`` is fast and reaches every submodule lazily (PEP 562);
* labels come first, scikit-learn's order: ``(y_true, y_score)``, ``(y_true, y_pred)``,
  ``(y_true, probabilities)``;
* every ``alternative=`` defaults to ``"two-sided"``;
* every ``rng`` defaults to None and takes None, an int and a Generator (SPEC 7);
* every result class has a short ``repr`` and ``_repr_html_``; every TestResult with an estimate
  names it (``estimate_name``).

A failure lists every offending function by name. The exemptions are listed with a reason.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import evalkit

# --------------------------------------------------------------------------------------------
# import evalkit: fast, lazy submodules


def _run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return result.stdout.strip()


def test_import_evalkit_is_lazy_and_reaches_every_submodule():
    # regression (issue 44): evalkit.intervals raised AttributeError after `import evalkit`
    out = _run(
        """
        import sys
        import evalkit
        names = ("matplotlib", "evalkit.report", "evalkit.intervals")
        heavy = [m for m in names if m in sys.modules]
        print(heavy)
        ci = evalkit.intervals.clopper_pearson(47, 50)
        print(f"{ci.low:.4f} {ci.high:.4f}")
        print(type(evalkit.report.compare_classifiers).__name__)
        print("report" in dir(evalkit), "bayesian" in dir(evalkit), "__main__" in dir(evalkit))
        """
    )
    assert out.splitlines() == ["[]", "0.8345 0.9875", "function", "True True False"]


def test_unknown_attribute_still_raises_attribute_error():
    try:
        evalkit.no_such_module  # noqa: B018
    except AttributeError as exc:
        assert "no attribute 'no_such_module'" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("evalkit.no_such_module did not raise")


# --------------------------------------------------------------------------------------------
# the public API, found by introspection

import ast  # noqa: E402
import importlib  # noqa: E402
import inspect  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable, Mapping  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

#: Modules whose public classes are registry records or figures, not results of a computation.
RECORD_MODULES = {
    "atlas": "rows of the coverage-atlas table, printed by the site builder, not results",
    "examples": "worked-example registry records (Check and CheckTable have their own HTML)",
    "glossary": "glossary records (Table has its own HTML)",
    "plots": "figure helpers (LiveFigure is a widget, not a result)",
    "sealing": "sealed answers: records inside the checks a student is given, not results",
    "exercises": "the exercise checks (CheckResult shows a check's outcome with its own HTML)",
}

#: Classes exempt from the result-class checks, each with the reason.
CLASS_EXEMPT = {
    "DifferencePosterior": "a posterior distribution object (BayesianComparison.posterior), "
    "with pdf/sf/rvs; its repr is already one short line",
    "ReadableResult": "the mixin that gives the other classes their repr and HTML",
}


def _public_modules() -> dict[str, Any]:
    return {name: importlib.import_module(f"evalkit.{name}") for name in evalkit._submodules()}


def _public_functions() -> dict[str, Callable[..., Any]]:
    """Every public function, once (a function re-exported elsewhere counts where defined)."""
    found: dict[str, Callable[..., Any]] = {}
    for module in _public_modules().values():
        names = getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")])
        for attr in names:
            obj = getattr(module, attr, None)
            if inspect.isfunction(obj) and obj.__module__.startswith("evalkit"):
                found.setdefault(f"{obj.__module__.removeprefix('evalkit.')}.{obj.__name__}", obj)
    return found


def _public_classes() -> dict[str, type]:
    """Every public class, named by the module that defines (or, for a package, exports) it."""
    names: dict[type, str] = {}
    for name, module in _public_modules().items():
        if name in RECORD_MODULES:
            continue
        for attr in getattr(module, "__all__", []):
            obj = getattr(module, attr, None)
            if not (inspect.isclass(obj) and obj.__module__.startswith("evalkit")):
                continue
            if obj.__name__ in CLASS_EXEMPT or issubclass(obj, Exception):
                continue
            home = obj.__module__.startswith(f"evalkit.{name}")
            if obj not in names or home:
                names[obj] = f"{name}.{attr}"
    return {name: cls for cls, name in names.items()}


def _fail(what: str, offenders: list[str]) -> None:
    if offenders:
        listing = "\n  ".join(sorted(offenders))
        pytest.fail(f"{len(offenders)} public function(s)/class(es) break '{what}':\n  {listing}")


# --------------------------------------------------------------------------------------------
# argument order: (y_true, y_score) / (y_true, y_pred) / (y_true, probabilities)

LABEL_NAMES = ("y_true", "labels", "truth", "targets", "y_test", "y")
SCORE_PREFIXES = (
    "y_score",
    "y_pred",
    "probabilities",
    "scores",
    "score",
    "predictions",
    "prediction",
    "predicted",
    "pred",
    "y_prob",
    "proba",
)
ALLOWED_AFTER_Y_TRUE = ("y_score", "y_pred", "probabilities")
#: Parameters that may stand before y_true: the function (metric) the data are passed to.
LEADING_CALLABLES = ("metric", "statistic", "fit_predict")


def _order_problem(function: Callable[..., Any]) -> str | None:
    params = [
        p.name
        for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    scores = [p for p in params if p.startswith(SCORE_PREFIXES)]
    if "y_true" in params:
        labels = "y_true"
    else:
        labels = next((p for p in params if p in LABEL_NAMES), None)
    if labels is None or not scores:
        return None  # the convention is about functions of labels and scores/predictions
    if labels != "y_true":
        return f"labels are called {labels!r}, not 'y_true' ({params})"
    where = params.index("y_true")
    if any(p not in LEADING_CALLABLES for p in params[:where]):
        return f"y_true is not the first argument ({params})"
    follower = params[where + 1] if where + 1 < len(params) else None
    if follower is None or not follower.startswith(ALLOWED_AFTER_Y_TRUE):
        return f"y_true is followed by {follower!r}, not y_score/y_pred/probabilities ({params})"
    return None


def test_labels_come_first_as_in_scikit_learn():
    offenders = []
    for name, function in _public_functions().items():
        problem = _order_problem(function)
        if problem:
            offenders.append(f"{name}: {problem}")
    _fail("(y_true, y_score/y_pred/probabilities) order", offenders)


def test_the_order_check_itself():
    def good(y_true, y_score, *, pos_label=None): ...
    def swapped(scores, labels): ...
    def renamed(labels, predictions): ...
    def with_metric(metric, y_true, y_pred_a, y_pred_b): ...
    def no_labels(scores_a, scores_b): ...
    def late(X, y_true, y_pred): ...

    assert _order_problem(good) is None and _order_problem(with_metric) is None
    assert _order_problem(no_labels) is None
    assert "not 'y_true'" in _order_problem(swapped) and "not 'y_true'" in _order_problem(renamed)
    assert "not the first argument" in _order_problem(late)


# --------------------------------------------------------------------------------------------
# every alternative= defaults to "two-sided"


def test_every_alternative_defaults_to_two_sided():
    offenders = []
    for name, function in _public_functions().items():
        parameter = inspect.signature(function).parameters.get("alternative")
        if parameter is not None and parameter.default != "two-sided":
            offenders.append(f"{name}: alternative={parameter.default!r}")
    _fail('alternative="two-sided" by default', offenders)


# --------------------------------------------------------------------------------------------
# rng: None, an int or a Generator (SPEC 7); Monte-Carlo results carry their error

#: Functions with an rng whose result is not a Monte-Carlo estimate (so no Monte-Carlo error).
NO_MC_ERROR = {
    "bayesian.plot_simplex": "draws a figure; rng only picks which posterior samples to show",
    "datasets.circles_and_triangles": "generates a data set",
    "resampling.holdout": "generates splits",
    "resampling.random_subsampling": "generates splits",
    "resampling.kfold": "generates splits (rng=None keeps the order, as KFold(shuffle=False))",
    "resampling.bootstrap": "generates splits",
}


def _scores_pair() -> tuple[np.ndarray, np.ndarray]:
    a = np.array([0.96, 0.98, 0.975, 0.97, 0.85, 0.90, 0.915, 0.80, 0.88, 0.93, 0.71, 0.66])
    return a, a - np.array([5, 20, 5, -15, 20, 40, 5, 5, 40, -5, -20, 50]) / 1000


def _binary(n: int = 60, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    gen = np.random.default_rng(seed)
    y = np.arange(n) % 2
    score = np.clip(0.5 * y + 0.5 * gen.random(n), 0.01, 0.99)
    return y, (score > 0.5).astype(int), score


def _one_nn(X_train: Any, y_train: Any, X_test: Any) -> Any:
    nearest = np.abs(np.asarray(X_test)[:, :1] - np.asarray(X_train)[:, 0]).argmin(axis=1)
    return np.asarray(y_train)[nearest]


def _rng_calls() -> dict[str, Callable[[Any], Any]]:
    """One small call per public function with an rng, taking the rng to use."""
    from evalkit import (
        bayesian,
        bootstrap,
        clustered,
        datasets,
        metrics,
        paired,
        resampling,
        roc,
    )

    a, b = _scores_pair()
    y, pred, score = _binary()
    correct = np.array([[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 1, 0], [1, 1, 0]] * 6)
    X = np.arange(20.0).reshape(-1, 1)
    y20 = (X[:, 0] >= 10).astype(int)

    def simplex(rng: Any) -> Any:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        result = bayesian.signed_rank(a, b, rope=0.01, samples=300, rng=0)
        ax = bayesian.plot_simplex(result, points=100, rng=rng)
        plt.close(ax.figure)
        return result

    return {
        "bayesian.sign": lambda r: bayesian.sign(a, b, rope=0.01, samples=500, rng=r),
        "bayesian.signed_rank": lambda r: bayesian.signed_rank(a, b, rope=0.01, samples=500, rng=r),
        "bayesian.plot_simplex": simplex,
        "bootstrap.bootstrap_interval": lambda r: bootstrap.bootstrap_interval(
            np.mean, score, rounds=100, rng=r
        ),
        "bootstrap.paired_difference_interval": lambda r: bootstrap.paired_difference_interval(
            lambda t, p: np.mean(t == p), y, pred, 1 - y, rounds=100, rng=r
        ),
        "clustered.accuracy_interval": lambda r: clustered.accuracy_interval(
            correct[:, 0], np.arange(30) // 3, "bootstrap", rounds=100, rng=r
        ),
        "datasets.circles_and_triangles": lambda r: datasets.circles_and_triangles(10, rng=r),
        "metrics.class_metrics": lambda r: metrics.class_metrics(y, pred, rounds=100, rng=r),
        "metrics.expected_calibration_error": lambda r: metrics.expected_calibration_error(
            y, score, confidence=0.95, rounds=100, rng=r
        ),
        "metrics.calibration_test": lambda r: metrics.calibration_test(
            y, score, "resampling", resamples=100, rng=r
        ),
        "paired.cochran_q": lambda r: paired.cochran_q(correct, "permutation", rounds=200, rng=r),
        "roc.precision_recall_band": lambda r: roc.precision_recall_band(
            y, score, rounds=100, rng=r
        ),
        "resampling.holdout": lambda r: list(resampling.holdout(20, 0.3, rng=r)),
        "resampling.random_subsampling": lambda r: list(
            resampling.random_subsampling(20, 0.3, 2, rng=r)
        ),
        "resampling.kfold": lambda r: list(resampling.kfold(20, 4, rng=r)),
        "resampling.bootstrap": lambda r: list(resampling.bootstrap(20, 2, rng=r)),
        "resampling.bootstrap_632": lambda r: resampling.bootstrap_632(
            _one_nn, X, y20, rounds=5, rng=r
        ),
    }


def _has_mc_error(result: Any) -> bool:
    if getattr(result, "mc_standard_error", None) is not None:
        return True
    details = getattr(result, "details", None)
    return isinstance(details, Mapping) and "mc_standard_error" in details


def _same(one: Any, two: Any) -> bool:
    if isinstance(one, list):  # splits
        return all(
            np.array_equal(p, q)
            for s, t in zip(one, two, strict=True)
            for p, q in zip(s, t, strict=True)
        )
    if isinstance(one, tuple):  # a data set
        return all(np.array_equal(p, q) for p, q in zip(one, two, strict=True))
    return repr(one) == repr(two)


def test_every_rng_takes_none_an_int_or_a_generator():
    calls = _rng_calls()
    offenders = []
    for name, function in _public_functions().items():
        parameter = inspect.signature(function).parameters.get("rng")
        if parameter is None:
            continue
        if parameter.default is not None:
            offenders.append(f"{name}: rng={parameter.default!r} by default (SPEC 7: None)")
        if "rng must be given" in inspect.getsource(function):
            offenders.append(f"{name}: raises 'rng must be given'")
        if name not in calls:
            offenders.append(f"{name}: no example call in _rng_calls() (add one)")
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fresh = calls[name](None)
                seeded = calls[name](7)
                again = calls[name](np.random.default_rng(7))
        except Exception as exc:  # every failure is listed by name
            offenders.append(f"{name}: {type(exc).__name__}: {exc}"[:200])
            continue
        if not _same(seeded, again):
            offenders.append(f"{name}: rng=7 and rng=default_rng(7) give different results")
        if name not in NO_MC_ERROR and not _has_mc_error(fresh):
            offenders.append(f"{name}: no Monte-Carlo standard error (mc_standard_error)")
    _fail("rng = None | int | Generator, Monte-Carlo error reported", offenders)


# --------------------------------------------------------------------------------------------
# every TestResult with an estimate names it (checked in the source: every construction)


def _test_results_without_estimate_name() -> list[str]:
    offenders = []
    package = Path(evalkit.__file__).parent
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "TestResult"):
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            estimate = keywords.get("estimate")
            has_estimate = estimate is not None and not (
                isinstance(estimate, ast.Constant) and estimate.value is None
            )
            if has_estimate and "estimate_name" not in keywords:
                where = path.relative_to(package.parent)
                offenders.append(f"{where}:{node.lineno}: TestResult(estimate=…) without a name")
    return offenders


def test_every_test_result_with_an_estimate_names_it():
    _fail("TestResult(..., estimate_name=...)", _test_results_without_estimate_name())


# --------------------------------------------------------------------------------------------
# every result class: a short repr and an HTML table


def _typical_instances() -> dict[str, Callable[[], Any]]:
    """A typical instance of each public result class, made by the function users call."""
    from evalkit import (
        adjust,
        bayesian,
        bootstrap,
        clustered,
        distributions,
        independent,
        intervals,
        metrics,
        multiple,
        paired,
        planning,
        report,
        resampling,
        roc,
    )

    a, b = _scores_pair()
    y, pred, score = _binary(200)
    multi = np.arange(90) % 3
    multi_score = np.random.default_rng(3).dirichlet([1, 1, 1], 90)
    table = np.random.default_rng(4).uniform(0.6, 0.9, (12, 4))
    X = np.arange(20.0).reshape(-1, 1)
    y20 = (X[:, 0] >= 10).astype(int)
    correct = (np.random.default_rng(5).random((200, 3)) < [0.8, 0.75, 0.7]).astype(int)
    return {
        "adjust.AdjustedPvalues": lambda: adjust.holm([0.01, 0.04, 0.03, 0.2]),
        "bayesian.BayesianComparison": lambda: bayesian.sign(a, b, 0.01, samples=500, rng=0),
        "bootstrap.BootstrapInterval": lambda: bootstrap.bootstrap_interval(
            np.mean, score, rounds=200, rng=0
        ),
        "clustered.DesignEffect": lambda: clustered.design_effect(y == pred, np.arange(200) // 10),
        "distributions.BetaFit": lambda: distributions.fit_beta_moments([0.8, 0.85, 0.9, 0.82]),
        "distributions.BetaMoments": lambda: distributions.beta_moments(np.arange(1, 60), 2),
        "independent.NullDistribution": lambda: independent.fisher_null_distribution(
            [[40, 10], [30, 20]]
        ),
        "independent.RateDifference": lambda: independent.rate_difference(0.8, 50, 0.6, 50),
        "intervals.Interval": lambda: intervals.clopper_pearson(np.arange(51), 50),
        "metrics.BrierDecomposition": lambda: metrics.brier_decomposition(y, score),
        "metrics.CalibrationCurve": lambda: metrics.calibration_curve(y, score),
        "metrics.CalibrationError": lambda: metrics.expected_calibration_error(y, score),
        "metrics.ClassMetrics": lambda: metrics.class_metrics(y, pred, rounds=100, rng=0),
        "metrics.ErrorEstimate": lambda: metrics.prior_weighted_error([3, 5], [40, 60], [0.3, 0.7]),
        "metrics.Kappa": lambda: metrics.cohen_kappa(y, pred),
        "multiple.CriticalDifferenceDiagram": lambda: multiple.critical_difference_diagram(table),
        "multiple.FriedmanResult": lambda: multiple.friedman(table),
        "multiple.NemenyiResult": lambda: multiple.nemenyi(table),
        "multiple.PairwiseWilcoxon": lambda: multiple.pairwise_wilcoxon(table),
        "paired.PairwiseMcNemar": lambda: paired.pairwise_mcnemar(correct),
        "planning.SampleSize": lambda: planning.trials_independent(0.9, 0.8),
        "report.ClassifierReport": lambda: report.describe_classifier(y, pred),
        "report.Comparison": lambda: report.compare_classifiers(y, pred, 1 - pred),
        "report.TestSetComparison": lambda: report.compare_test_sets(47, 50, 40, 50),
        "resampling.Bootstrap632": lambda: resampling.bootstrap_632(
            _one_nn, X, y20, rounds=20, rng=0
        ),
        "resampling.ErrorEstimate": lambda: resampling.estimate_error(
            _one_nn, X, y20, resampling.kfold(20, 5)
        ),
        "results.Interval": lambda: intervals.wilson(np.arange(51), 50),
        "results.TestResult": lambda: resampling.cv_paired_t(np.random.default_rng(6).random(10)),
        "roc.AucInterval": lambda: roc.auc_interval(y, score),
        "roc.MulticlassAuc": lambda: roc.multiclass_auc(multi, multi_score),
        "roc.PrecisionRecallBand": lambda: roc.precision_recall_band(y, score, rounds=100, rng=0),
        "roc.PrecisionRecallCurve": lambda: roc.precision_recall_curve(y, score),
        "roc.RocCurve": lambda: roc.roc_curve(y, score),
    }


#: A typical result's repr must be shorter than this, and hold at most this many lines.
LONGEST_REPR, MOST_LINES = 300, 3


def test_every_result_class_has_a_short_repr_and_an_html_table():
    typical = _typical_instances()
    offenders = []
    for name, cls in _public_classes().items():
        if not hasattr(cls, "_repr_html_"):
            offenders.append(f"{name}: no _repr_html_ (inherit evalkit.results.ReadableResult)")
        try:
            inspect.getsource(cls.__repr__)
        except (OSError, TypeError):
            offenders.append(f"{name}: the dataclass-generated repr (a wall of arrays)")
        key = name if name in typical else f"results.{cls.__name__}"
        if key not in typical:
            offenders.append(f"{name}: no typical instance in _typical_instances() (add one)")
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                instance = typical[key]()
        except Exception as exc:  # every failure is listed by name
            offenders.append(f"{name}: the typical call failed: {type(exc).__name__}: {exc}"[:200])
            continue
        text = repr(instance)
        if len(text) >= LONGEST_REPR or text.count("\n") >= MOST_LINES:
            offenders.append(
                f"{name}: repr of {len(text)} characters, {text.count(chr(10)) + 1} lines"
            )
        if hasattr(instance, "_repr_html_") and "<table" not in instance._repr_html_():
            offenders.append(f"{name}: _repr_html_ holds no <table>")
    _fail("a short repr (< 300 characters) and _repr_html_", offenders)
