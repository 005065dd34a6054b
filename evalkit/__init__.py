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
"""

import importlib
import pkgutil
from typing import Any

from evalkit.results import Interval, TestResult

__all__ = ["Interval", "TestResult", "__version__"]
__version__ = "0.1.0"


def _submodules() -> list[str]:
    """The public submodules and subpackages (no leading underscore, not ``__main__``)."""
    return sorted(
        info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")
    )


def __getattr__(name: str) -> Any:
    """Import a submodule on first use (PEP 562): ``evalkit.intervals`` without an import."""
    if not name.startswith("_") and name in _submodules():
        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module  # later lookups skip this function
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_submodules()))
