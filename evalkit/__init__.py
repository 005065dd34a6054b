"""evalkit — evaluate and compare classifiers honestly.

The helper package of the evalkit course. Every function returns its result with the method
named (an :class:`~evalkit.results.Interval` or a :class:`~evalkit.results.TestResult`), works on
counts and NumPy arrays, and rejects bad input with a message that says what is allowed.

Modules (import the one you need; ``import evalkit`` itself loads only NumPy and SciPy):

* ``evalkit.distributions`` – Bernoulli, binomial and beta in log space (notebook 01)
* ``evalkit.intervals``     – confidence intervals for a rate and their exact coverage (02)
* ``evalkit.independent``   – two classifiers on two test sets: rate difference, Fisher, χ² (03)
* ``evalkit.paired``        – two classifiers on one test set: Günter, McNemar, sign, Wilcoxon (04)
* ``evalkit.resampling``    – holdout, k-fold, bootstrap splits and the cross-validated tests (05)
* ``evalkit.metrics``, ``evalkit.roc`` – confusion matrix, cost, F, ROC, AUC and DeLong (06)
* ``evalkit.datasets``      – the circles-and-triangles data and the pessimistic error (07)
* ``evalkit.multiple``      – Friedman, Nemenyi, Holm over many data sets (08)
* ``evalkit.bootstrap``     – percentile and BCa intervals for any statistic (09)
* ``evalkit.report``        – the whole comparison of two classifiers in one call (10);
  also on the command line: ``python -m evalkit compare LABELS.csv PRED_A.csv PRED_B.csv``
* ``evalkit.results``       – the Interval and TestResult types
* ``evalkit.examples``      – the worked-example registry and its checker
* ``evalkit.plots``         – the course's figure style (imports matplotlib)
"""

from evalkit.results import Interval, TestResult

__all__ = ["Interval", "TestResult", "__version__"]
__version__ = "0.1.0"
