"""evalkit — evaluate and compare classifiers honestly.

The helper package of the evalkit course. Every function returns its result with the method
named (an :class:`~evalkit.results.Interval` or a :class:`~evalkit.results.TestResult`), works on
counts and NumPy arrays, and rejects bad input with a message that says what is allowed.

Modules (``import evalkit`` itself loads only NumPy and the result types; each submodule is
imported the first time it is used, so both ``from evalkit import intervals`` and
``import evalkit; evalkit.intervals.clopper_pearson(47, 50)`` work):

* ``evalkit.distributions`` – Bernoulli, binomial and beta in log space (notebook 01)
* ``evalkit.intervals``     – confidence intervals for a rate and their exact coverage (02)
* ``evalkit.independent``   – two classifiers on two test sets: Boschloo, Fisher (and mid-p), χ²,
  difference intervals and their exact coverage, exact size and power (03)
* ``evalkit.paired``        – two classifiers on one test set: McNemar (mid-p and the other forms),
  Günter, sign, Wilcoxon, paired difference intervals, exact size and power (04)
* ``evalkit.resampling``    – holdout, k-fold, bootstrap splits and the cross-validated tests (05)
* ``evalkit.metrics``, ``evalkit.roc`` – confusion matrix, cost, F, ROC, AUC and DeLong (06);
  calibration, precision–recall, many classes, kappa (14)
* ``evalkit.datasets``      – the circles-and-triangles data and the pessimistic error (07)
* ``evalkit.multiple``      – Friedman, Nemenyi, pairwise Wilcoxon with Holm, many data sets (08)
* ``evalkit.adjust``        – Bonferroni and Holm adjustment of a family of p-values (08, 14)
* ``evalkit.bootstrap``     – percentile and BCa intervals for any statistic (09)
* ``evalkit.report``        – the whole comparison of two classifiers in one call (10);
  also on the command line: ``python -m evalkit compare LABELS.csv PRED_A.csv PRED_B.csv``
* ``evalkit.planning``      – test-set size and exact power for the course's tests (11)
* ``evalkit.bayesian``      – posterior probabilities with a ROPE: correlated t, signed-rank, sign,
  paired accuracy (12)
* ``evalkit.clustered``     – test items in clusters: design effect, cluster-aware intervals, the
  clustered McNemar test (13)
* ``evalkit.results``       – the Interval and TestResult types, ``format_pvalue``, and the
  ``ReadableResult`` base that gives every result a short ``repr`` and an HTML table
* ``evalkit.examples``      – the worked-example registry and its checker
* ``evalkit.glossary``      – the course's terms in the sources' languages, and its notation
* ``evalkit.plots``         – the course's figure style (imports matplotlib)

The report's three calls are evalkit's own names as well (imported from ``evalkit.report`` the
first time they are used): ``evalkit.compare_classifiers(y_true, y_pred_a, y_pred_b)`` (two
classifiers on one test set), ``evalkit.describe_classifier(y_true, y_pred)`` (one classifier)
and ``evalkit.compare_test_sets(correct_a, size_a, correct_b, size_b)`` (two test sets).
"""

import importlib as _importlib
import pkgutil as _pkgutil

from evalkit.results import Interval, TestResult

#: The calls of :mod:`evalkit.report` that are evalkit's own names too.
_REPORT_CALLS = ("compare_classifiers", "compare_test_sets", "describe_classifier")

__all__ = ["Interval", "TestResult", "__version__", *_REPORT_CALLS]
__version__ = "0.1.0"


def _submodules() -> list[str]:
    """The public submodules and subpackages (no leading underscore, not ``__main__``)."""
    return sorted(
        info.name for info in _pkgutil.iter_modules(__path__) if not info.name.startswith("_")
    )


def __getattr__(name: str) -> object:
    """Import a submodule on first use (PEP 562): ``evalkit.intervals`` without an import; and
    the report's calls (``evalkit.compare_classifiers`` is evalkit.report's)."""
    if name in _REPORT_CALLS:
        value = getattr(_importlib.import_module(f"{__name__}.report"), name)
    elif not name.startswith("_") and name in _submodules():
        value = _importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    """The public names (no helper of this file): the submodules, the result types, the report's
    calls and the module's own attributes (``__version__``, ``__doc__`` …)."""
    own = [name for name in globals() if name.startswith("__") or not name.startswith("_")]
    return sorted({*own, *__all__, *_submodules()})
