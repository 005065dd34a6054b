# ruff: noqa: E501 — the matrix is a table, one case per line
"""The bad-input matrix: every public function of evalkit, fed the bad inputs that apply to it.

Each row of :data:`MATRIX` is ``(function, kwargs, exception, message)``: calling
``function(**kwargs)`` must raise ``exception`` (ValueError or TypeError) with a message that
matches the regular expression ``message`` — which always contains the argument's name and the
allowed values (or the rule that was broken). Generators (the resampling splitters) are consumed,
so lazily checked input would be caught too.

A gap found later — a function that accepts a bad input silently, returns NaN, or fails with
an unclear error — goes in as a row wrapped in ``pytest.param(..., marks=pytest.mark.xfail(
strict=True, reason=...))`` with its proposed fix; when the module is fixed, the strict xfail
turns into a failure and the mark must be removed. None is open at present.

:data:`DEGENERATE` lists valid but extreme inputs (no information, zero variance) and checks that
no result field is NaN: evalkit either answers (e.g. p = 1) or refuses with a message.

:data:`LABELS_FOR_COUNTS` passes arrays of labels (``y_true``, ``y_pred``) to every function that
takes counts: the message says they look like labels, gives the call with counts and the function
that takes the labels, and shows a few of their values, never all of them (issue 60).

:func:`test_matrix_covers_every_public_function` keeps the matrix honest as modules grow: every
function in the ``__all__`` of a module in :data:`COVERED_MODULES` (distributions, intervals,
independent, paired, resampling, datasets, metrics, roc, multiple, bootstrap, report) must appear
in at least one row. evalkit.examples has rows for its checker (``check``, ``table``); its lookups
(``example``, ``registry``, ``ids``) raise KeyError/FileNotFoundError by design and are not here.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from collections.abc import Iterator

import numpy as np
import pytest

from evalkit import bayesian as bay
from evalkit import bootstrap as boot
from evalkit import clustered as cl
from evalkit import datasets as ds
from evalkit import distributions as dist
from evalkit import examples as exm
from evalkit import glossary as gl
from evalkit import independent as ind
from evalkit import intervals as ivl
from evalkit import metrics as met
from evalkit import multiple as mult
from evalkit import paired as prd
from evalkit import planning as pl
from evalkit import report as rep
from evalkit import resampling as rs
from evalkit import roc

NAN = float("nan")
INF = float("inf")
TABLE = [[47, 40], [3, 10]]  # Wolff's example 1, a valid 2×2 table
FIVE_BY_TWO = np.full((5, 2), 0.01)


CONFUSION = [[50, 10], [5, 35]]
COST = [[-1, 100], [1, 0]]  # Symeonidis' cost matrix: a benefit (−1) is allowed
SCORES = [0.9, 0.8, 0.7, 0.4, 0.3, 0.2]
LABELS = [1, 1, 0, 1, 0, 0]
RANK_SCORES = [[0.9, 0.8, 0.7], [0.6, 0.7, 0.5], [0.8, 0.85, 0.7], [0.7, 0.6, 0.65]]
SAMPLE = np.arange(10.0)
Y_TRUE, PRED_A, PRED_B = [0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1], [1, 1, 1, 0, 1, 0]


def _predict_zero(X_train, y_train, X_test):
    return np.zeros(len(X_test), dtype=int)


def _mean(sample):
    return float(np.mean(sample))


def _accuracy(y, pred):
    return float(np.mean(np.asarray(y) == np.asarray(pred)))


# fmt: off
# (function, kwargs, exception, regex the message must match — naming the argument)
MATRIX = [
    # ---- evalkit.distributions --------------------------------------------------------------
    (dist.binomial_pmf, dict(k=-1, trials=10, p=0.5), ValueError, r"^k must be a whole number ≥ 0"),
    (dist.binomial_pmf, dict(k=11, trials=10, p=0.5), ValueError, r"^k must not exceed trials"),
    (dist.binomial_pmf, dict(k=2.5, trials=10, p=0.5), ValueError, r"^k must be a whole number"),
    (dist.binomial_pmf, dict(k=True, trials=10, p=0.5), TypeError, r"^k must be a number, not a boolean"),
    (dist.binomial_pmf, dict(k=2, trials=NAN, p=0.5), ValueError, r"^trials must be a finite whole number"),
    (dist.binomial_pmf, dict(k=2, trials=10, p=1.5), ValueError, r"^p must be a probability in \[0, 1\]"),
    (dist.binomial_pmf, dict(k=2, trials=10, p=NAN), ValueError, r"^p must be a probability in \[0, 1\]; got nan"),
    (dist.binomial_pmf, dict(k=[], trials=10, p=0.5), ValueError, r"^k must not be empty"),
    (dist.binomial_pmf, dict(k=2, trials=10, p="0.5"), TypeError, r"^p must be a number"),
    (dist.binomial_cdf, dict(k=[1, 2], trials=[3, 4, 5], p=0.5), ValueError, r"broadcastable shapes; got k \(2,\), trials \(3,\)"),
    (dist.binomial_cdf, dict(k=3, trials=2, p=0.5), ValueError, r"^k must not exceed trials"),
    (dist.binomial_cdf, dict(k=1, trials=-2, p=0.5), ValueError, r"^trials must be a whole number ≥ 0"),
    (dist.binomial_cdf, dict(k=1, trials=2, p=-INF), ValueError, r"^p must be a probability in \[0, 1\]"),
    (dist.beta_pdf, dict(x=1.2, a=2, b=3), ValueError, r"^x must be a probability in \[0, 1\]"),
    (dist.beta_pdf, dict(x=0.5, a=0, b=3), ValueError, r"^a must be a finite number > 0"),
    (dist.beta_pdf, dict(x=0.5, a=INF, b=3), ValueError, r"^a must be a finite number > 0"),
    (dist.beta_cdf, dict(x=0.5, a=2, b=-1), ValueError, r"^b must be a finite number > 0"),
    (dist.beta_cdf, dict(x=NAN, a=2, b=3), ValueError, r"^x must be a probability"),
    (dist.beta_cdf, dict(x=0.5, a=[], b=3), ValueError, r"^a must not be empty"),
    (dist.beta_quantile, dict(q=1.5, a=2, b=3), ValueError, r"^q must be a probability in \[0, 1\]"),
    (dist.beta_quantile, dict(q=0.5, a=2, b=NAN), ValueError, r"^b must be a finite number > 0"),
    (dist.beta_quantile, dict(q=0.5, a=False, b=3), TypeError, r"^a must be a number, not a boolean"),
    (dist.beta_moments, dict(a=-1, b=2), ValueError, r"^a must be a finite number > 0"),
    (dist.beta_moments, dict(a=2, b=[1, 2, 3j]), TypeError, r"^b must be real"),
    (dist.fit_beta_moments, dict(sample=[]), ValueError, r"^sample must not be empty"),
    (dist.fit_beta_moments, dict(sample=[0.5]), ValueError, r"^sample must hold at least 2 values"),
    (dist.fit_beta_moments, dict(sample=[0.3, 1.3]), ValueError, r"^sample must be a probability in \[0, 1\]"),
    (dist.fit_beta_moments, dict(sample=[0.3, NAN]), ValueError, r"^sample must be a probability"),
    (dist.fit_beta_moments, dict(sample=[[0.1, 0.2], [0.3, 0.4]]), ValueError, r"^sample must be 1-D"),
    (dist.fit_beta_moments, dict(sample=[0.3, 0.3, 0.3]), ValueError, r"^sample has variance 0"),
    (dist.fit_beta_moments, dict(sample=[0.0, 1.0]), ValueError, r"needs s < m\(1 − m\).*the sample has m = 0\.5"),
    (dist.fit_beta_moments, dict(sample="0.5"), TypeError, r"^sample must be a 1-D array of rates"),
    # ---- evalkit.intervals ------------------------------------------------------------------
    (ivl.clopper_pearson, dict(successes=-1, trials=10), ValueError, r"^successes must be a whole number ≥ 0"),
    (ivl.clopper_pearson, dict(successes=11, trials=10), ValueError, r"^successes must not exceed trials; got successes=11 with trials=10"),
    (ivl.clopper_pearson, dict(successes=3, trials=0), ValueError, r"^trials must be a whole number ≥ 1"),
    (ivl.clopper_pearson, dict(successes=3.5, trials=10), ValueError, r"^successes must be a whole number \(a count\)"),
    (ivl.clopper_pearson, dict(successes=3, trials=INF), ValueError, r"^trials must be a finite whole number"),
    (ivl.clopper_pearson, dict(successes=None, trials=10), TypeError, r"^successes must be a number"),
    (ivl.clopper_pearson, dict(successes=[], trials=[]), ValueError, r"^successes must not be empty"),
    (ivl.clopper_pearson, dict(successes=[1, 2], trials=[3, 4, 5]), ValueError, r"^successes and trials must have broadcastable shapes"),
    (ivl.clopper_pearson, dict(successes=3, trials=10, confidence=1.0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (ivl.mid_p, dict(successes=5, trials=4), ValueError, r"^successes must not exceed trials"),
    (ivl.mid_p, dict(successes=3, trials=10, confidence=0.0), ValueError, r"^confidence must be strictly between 0 and 1"),
    pytest.param(
        ivl.clopper_pearson, dict(successes=3, trials=10**30), ValueError, r"^trials .*too large",
    ),
    (ivl.wald, dict(successes=3, trials=10, confidence=0.0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (ivl.wald, dict(successes=3, trials=10, confidence=NAN), ValueError, r"^confidence must be strictly between 0 and 1"),
    (ivl.wald, dict(successes=3, trials=10, confidence="0.95"), TypeError, r"^confidence must be a number"),
    (ivl.wald, dict(successes=True, trials=10), TypeError, r"^successes must be a number, not a boolean"),
    (ivl.normal_rule, dict(successes=1, trials=1), ValueError, r"^trials must be at least 2 for the normal rule"),
    (ivl.normal_rule, dict(successes=1, trials=4, confidence=95), ValueError, r"^confidence must be strictly between 0 and 1 \(e\.g\. 0\.95\)"),
    (ivl.wilson, dict(successes=3, trials=10, correction="yes"), TypeError, r"^correction must be True or False"),
    (ivl.wilson, dict(successes=3, trials=[10, NAN]), ValueError, r"^trials must be a finite whole number"),
    (ivl.agresti_coull, dict(successes=-3, trials=10), ValueError, r"^successes must be a whole number ≥ 0"),
    (ivl.jeffreys, dict(successes=3, trials=10, confidence=np.array([0.9, 0.95])), TypeError, r"^confidence must be a number"),
    (ivl.bayes_uniform, dict(successes=[3, 12], trials=10), ValueError, r"^successes must not exceed trials"),
    (ivl.interval, dict(successes=3, trials=10, method="exact"), ValueError, r"^method must be one of 'clopper-pearson', .*'bayes-uniform'; got 'exact'"),
    (ivl.interval, dict(successes=3, trials=10, method=None), ValueError, r"^method must be one of"),
    (ivl.coverage, dict(method="wald", trials=[10, 20], p=0.5), ValueError, r"^trials must be a single number"),
    (ivl.coverage, dict(method="wald", trials=10, p=1.1), ValueError, r"^p must be a probability in \[0, 1\]"),
    (ivl.coverage, dict(method="normal-rule", trials=1, p=0.5), ValueError, r"^trials must be a whole number ≥ 2"),
    (ivl.coverage, dict(method="score", trials=10, p=0.5), ValueError, r"^method must be one of"),
    (ivl.expected_width, dict(method="wald", trials=0, p=0.5), ValueError, r"^trials must be a whole number ≥ 1"),
    (ivl.expected_width, dict(method="wald", trials=10, p=0.5, confidence=-0.5), ValueError, r"^confidence must be strictly between 0 and 1"),
    (ivl.trials_for_halfwidth, dict(halfwidth=0.0, rate=0.5), ValueError, r"^halfwidth must be strictly between 0 and 1"),
    (ivl.trials_for_halfwidth, dict(halfwidth=0.1, rate=-0.1), ValueError, r"^rate must be a probability in \[0, 1\]"),
    (ivl.trials_for_halfwidth, dict(halfwidth=[0.1, 0.2], rate=[0.5, 0.6, 0.7]), ValueError, r"^halfwidth and rate must have broadcastable shapes"),
    (ivl.trials_for_halfwidth, dict(halfwidth=1e-9, rate=0.5), ValueError, r"^halfwidth is too small"),
    (ivl.trials_for_halfwidth, dict(halfwidth=0.1, rate=0.5, method="wilsoncc"), ValueError, r"^method must be one of"),
    (ivl.binomial_test, dict(successes=3, trials=10, p0=1.0), ValueError, r"^p0 must be strictly between 0 and 1; got 1\.0"),
    (ivl.binomial_test, dict(successes=11, trials=10, p0=0.5), ValueError, r"^successes must not exceed trials"),
    (ivl.binomial_test, dict(successes=3, trials=10, p0=0.5, alternative=0.95), ValueError, r"^alternative must be one of 'two-sided', 'less', 'greater'; got 0\.95 \(alternative is the 4th argument; a confidence level goes in confidence=0\.95\)"),
    (ivl.binomial_test, dict(successes=3, trials=10, p0=0.5, alternative="mid-p"), ValueError, r"^alternative must be one of .*'mid-p' is a choice of method: pass method='mid-p'"),
    (ivl.binomial_test, dict(successes=3, trials=10, p0=0.5, method="midp"), ValueError, r"^method must be one of 'exact', 'mid-p'; got 'midp'"),
    (ivl.binomial_test, dict(successes=3, trials=10, p0=0.5, confidence=95), ValueError, r"^confidence must be strictly between 0 and 1"),
    (ivl.interval, dict(successes=3, trials=10, method=0.9), ValueError, r"^method must be one of .*; got 0\.9 \(method is the 3rd argument; a confidence level goes in confidence=0\.9\)"),
    (ivl.trials_for_halfwidth, dict(halfwidth=0.05, rate=0.8, confidence="wilson"), TypeError, r"^confidence must be a number strictly between 0 and 1; got 'wilson' \('wilson' is a choice of method: pass method='wilson'\)"),
    # ---- evalkit.independent ----------------------------------------------------------------
    (ind.rate_difference, dict(rate1=1.5, size1=10, rate2=0.5, size2=10), ValueError, r"^rate1 must be a probability in \[0, 1\]"),
    (ind.rate_difference, dict(rate1=0.5, size1=10, rate2=NAN, size2=10), ValueError, r"^rate2 must be a probability"),
    (ind.rate_difference, dict(rate1=0.5, size1=0, rate2=0.5, size2=10), ValueError, r"^size1 must be a whole number ≥ 1"),
    (ind.rate_difference, dict(rate1=0.5, size1=10, rate2=0.5, size2=7.5), ValueError, r"^size2 must be a whole number \(a count\) ≥ 1"),
    (ind.rate_difference, dict(rate1=0.5, size1=10, rate2=0.5, size2=10, confidence=1), ValueError, r"^confidence must be strictly between 0 and 1"),
    (ind.rate_difference, dict(rate1=[0.1, 0.2], size1=10, rate2=[0.1, 0.2, 0.3], size2=10), ValueError, r"^rate1, size1, rate2 and size2 must have broadcastable shapes"),
    (ind.hypergeometric_pmf, dict(correct_a=-1, correct_total=3, size_a=5, size_total=10), ValueError, r"^correct_a must be a whole number ≥ 0"),
    (ind.hypergeometric_pmf, dict(correct_a=1, correct_total=11, size_a=5, size_total=10), ValueError, r"^correct_total must not exceed size_total"),
    (ind.hypergeometric_pmf, dict(correct_a=1, correct_total=3, size_a=11, size_total=10), ValueError, r"^size_a must not exceed size_total"),
    (ind.hypergeometric_pmf, dict(correct_a=1, correct_total=0, size_a=0, size_total=0), ValueError, r"^size_total must be a whole number ≥ 1"),
    (ind.hypergeometric_pmf, dict(correct_a=[1, 2], correct_total=[3, 4, 5], size_a=5, size_total=10), ValueError, r"^correct_a, correct_total, size_a and size_total must have broadcastable shapes"),
    pytest.param(
        ind.hypergeometric_pmf, dict(correct_a=1, correct_total=3, size_a=5, size_total=10, log="yes"), TypeError, r"^log must be True or False",
    ),
    (ind.fisher_exact, dict(table=[[1, 2, 3], [4, 5, 6]]), ValueError, r"^table must be a 2×2 table .*got shape \(2, 3\)"),
    (ind.chi_square_2x2, dict(table=[[0, 0], [3, 4]]), ValueError, r"^table has an empty margin: the number correct \(row 0\) is 0"),
    (ind.fisher_exact, dict(table=TABLE, method="midp"), ValueError, r"^method must be one of 'exact', 'mid-p'"),
    (ind.boschloo_exact, dict(table=[[3, 0], [4, 0]]), ValueError, r"^table has an empty margin: the test-set size of B"),
    (ind.boschloo_exact, dict(table=[[1000, 1000], [500, 500]]), ValueError, r"^boschloo_exact enumerates all"),
    (ind.boschloo_exact, dict(table=TABLE, alternative="both"), ValueError, r"^alternative must be one of"),
    (ind.difference_interval, dict(successes_a=31, trials_a=30, successes_b=5, trials_b=10), ValueError, r"^successes_a must not exceed trials_a"),
    (ind.difference_interval, dict(successes_a=3, trials_a=30, successes_b=5, trials_b=10, method="score"), ValueError, r"^method must be one of 'newcombe', 'agresti-caffo', 'wald'"),
    (ind.difference_coverage, dict(method="wald", trials_a=0, trials_b=10, rate_a=0.5, rate_b=0.5), ValueError, r"^trials_a must be a whole number ≥ 1"),
    (ind.difference_interval, dict(successes_a=3, trials_a=30, successes_b=5, trials_b=10, method=0.9), ValueError, r"^method must be one of .*'miettinen-nurminen'; got 0\.9 \(method is the 5th argument; a confidence level goes in confidence=0\.9\)"),
    (ind.difference_interval, dict(successes_a=3, trials_a=30, successes_b=5, trials_b=10, method="miettinen-nurminen", confidence=0.0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (ind.fisher_exact, dict(table=TABLE, alternative="mid-p"), ValueError, r"^alternative must be one of .*got 'mid-p' \(alternative is the 2nd argument; 'mid-p' is a choice of method: pass method='mid-p'\)"),
    (ind.rejection_probability, dict(size_a=20, size_b=20, rate_a=0.7, rate_b="chi2"), TypeError, r"^rate_b must be a rate in \[0, 1\] or None; got 'chi2' .*pass test='chi2'"),
    (ind.difference_coverage, dict(method="wald", trials_a=10, trials_b=10, rate_a=0.5, rate_b=1.5), ValueError, r"^rate_b must be a probability"),
    (ind.fisher_exact, dict(table=[[0, 2], [0, 4]]), ValueError, r"^table has an empty margin: the test-set size of A \(column 0\) is 0"),
    (ind.fisher_exact, dict(table=[[1.5, 2], [3, 4]]), ValueError, r"^table must be a whole number \(a count\)"),
    (ind.fisher_exact, dict(table=[[NAN, 2], [3, 4]]), ValueError, r"^table must be a finite whole number"),
    (ind.fisher_exact, dict(table=[[-1, 2], [3, 4]]), ValueError, r"^table must be a whole number ≥ 0"),
    (ind.fisher_exact, dict(table=[]), ValueError, r"^table must not be empty"),
    (ind.fisher_exact, dict(table=TABLE, alternative="two_sided"), ValueError, r"^alternative must be one of 'two-sided', 'less', 'greater'"),
    (ind.fisher_exact, dict(table=[[10**15, 10**15], [10**15, 10**15]]), ValueError, r"^table is too large for the exact test"),
    (ind.fisher_null_distribution, dict(table=[TABLE, TABLE]), ValueError, r"^table must be a single 2×2 table"),
    (ind.fisher_null_distribution, dict(table=TABLE, alternative="both"), ValueError, r"^alternative must be one of"),
    (ind.chi_square_2x2, dict(table=TABLE, correction=1), TypeError, r"^correction must be True or False"),
    (ind.chi_square_2x2, dict(table=[[5, 3], [0, 0]]), ValueError, r"^table has an empty margin: the number wrong \(row 1\) is 0"),
    (ind.chi_square_2x2, dict(table=[[[1, 2], [3, 4]], [[1, 2], [3]]]), TypeError, r"^table must be a number or an array of numbers"),
    (ind.sellke_bound, dict(pvalue=1.5), ValueError, r"^pvalue must be a probability in \[0, 1\]"),
    (ind.sellke_bound, dict(pvalue=NAN), ValueError, r"^pvalue must be a probability in \[0, 1\]; got nan"),
    (ind.posterior_null_probability, dict(pvalue=0.05, prior_null=1.0), ValueError, r"^prior_null must be strictly between 0 and 1"),
    (ind.posterior_null_probability, dict(pvalue=-0.05), ValueError, r"^pvalue must be a probability"),
    (ind.rejection_probability, dict(size_a=0, size_b=5, rate_a=0.5), ValueError, r"^size_a must be a whole number ≥ 1"),
    (ind.rejection_probability, dict(size_a=5, size_b=5, rate_a=0.5, rate_b=2.0), ValueError, r"^rate_b must be a probability"),
    (ind.rejection_probability, dict(size_a=5, size_b=5, rate_a=0.5, level=0.0), ValueError, r"^level must be strictly between 0 and 1"),
    (ind.rejection_probability, dict(size_a=5, size_b=5, rate_a=0.5, test="t"), ValueError, r"^test must be one of 'fisher', 'chi2', 'yates', 'normal'"),
    pytest.param(
        ind.rejection_probability, dict(size_a=5, size_b=5, rate_a=[0.1, 0.2], rate_b=[0.1, 0.2, 0.3]), ValueError, r"rate_a and rate_b must have broadcastable shapes",
    ),
    pytest.param(
        ind.rejection_probability, dict(size_a=[5, 6], size_b=5, rate_a=0.5), ValueError, r"^size_a must be a single whole number",
    ),
    # ---- evalkit.paired ---------------------------------------------------------------------
    (prd.agreement_table, dict(correct1=[1, 0, 1], correct2=[1, 0]), ValueError, r"^correct1 and correct2 must have the same length"),
    (prd.agreement_table, dict(correct1=[0, 2], correct2=[1, 1]), ValueError, r"^correct1 must hold only booleans or 0/1; got 2"),
    (prd.agreement_table, dict(correct1=["a", "b"], correct2=[1, 1]), TypeError, r"^correct1 must be an array of booleans \(or 0/1\)"),
    (prd.agreement_table, dict(correct1=[], correct2=[]), ValueError, r"^correct1 must not be empty"),
    (prd.agreement_table, dict(correct1=[[1, 0]], correct2=[[1, 0]]), ValueError, r"^correct1 must be one-dimensional"),
    (prd.simple_test, dict(rate1=NAN, rate2=0.5, size=10), ValueError, r"^rate1 must be a probability in \[0, 1\]"),
    (prd.simple_test, dict(rate1=0.5, rate2=0.5, size=0), ValueError, r"^size must be a whole number ≥ 1"),
    (prd.simple_test, dict(rate1=0.5, rate2=0.5, size=10, alternative="bigger"), ValueError, r"^alternative must be one of 'greater', 'less', 'two-sided'"),
    (prd.simple_test, dict(rate1=[0.1, 0.2], rate2=[0.1, 0.2, 0.3], size=10), ValueError, r"^rate1, rate2 and size must have broadcastable shapes"),
    (prd.paired_variance, dict(rate1=0.5, rate2=0.5, joint_rate=0.7), ValueError, r"^joint_rate must lie between max\(0, rate1 \+ rate2 − 1\) and min\(rate1, rate2\)"),
    (prd.paired_variance, dict(rate1=0.9, rate2=0.9, joint_rate=0.5), ValueError, r"^joint_rate must lie between"),
    (prd.paired_variance, dict(rate1=0.5, rate2=-0.5, joint_rate=0.0), ValueError, r"^rate2 must be a probability"),
    (prd.paired_test, dict(rate1=0.6, rate2=0.5, joint_rate=0.5, size=1, tail="t"), ValueError, r"^size must be ≥ 2 for tail='t'"),
    (prd.paired_test, dict(rate1=0.6, rate2=0.5, joint_rate=0.5, size=100, tail="student"), ValueError, r"^tail must be one of 'normal', 't'"),
    (prd.paired_test, dict(rate1=0.6, rate2=0.5, joint_rate=0.55, size=100), ValueError, r"^joint_rate must lie between"),
    (prd.paired_test, dict(rate1=0.6, rate2=0.5, joint_rate=0.5, size=-100), ValueError, r"^size must be a whole number ≥ 1"),
    (prd.mcnemar, dict(only1=-1, only2=2), ValueError, r"^only1 must be a whole number ≥ 0"),
    (prd.mcnemar, dict(only1=1, only2=2.5), ValueError, r"^only2 must be a whole number \(a count\)"),
    (prd.mcnemar, dict(only1=1, only2=2, exact="yes"), TypeError, r"^exact must be True or False"),
    (prd.mcnemar, dict(only1=1, only2=2, correction="no"), TypeError, r"^correction must be True or False"),
    (prd.mcnemar, dict(only1=1, only2=2, method="midp"), ValueError, r"^method must be one of 'mid-p', 'exact', 'asymptotic', 'corrected'"),
    (prd.mcnemar, dict(only1=1, only2=2, method=True), TypeError, r"^method must be one of"),
    (prd.difference_interval, dict(table=[[0, 0], [0, 0]]), ValueError, r"^table must count at least one test item"),
    (prd.difference_interval, dict(table=[[1, 2], [3, 4]], method="score"), ValueError, r"^method must be one of"),
    (prd.rejection_probability, dict(trials=10, p_only1=0.6, p_only2=0.5), ValueError, r"^p_only1 \+ p_only2 must not exceed 1"),
    (prd.rejection_probability, dict(trials=0, p_only1=0.1, p_only2=0.1), ValueError, r"^trials must be a whole number ≥ 1"),
    (prd.rejection_probability, dict(trials=10, p_only1=0.1, p_only2=0.1, test="fisher"), ValueError, r"^test must be one of"),
    (prd.mcnemar, dict(only1=[1, 2], only2=[1, 2, 3]), ValueError, r"^only1 and only2 must have broadcastable shapes"),
    (prd.sign_test, dict(wins=5, trials=4), ValueError, r"^wins must not exceed trials; got wins=5 with trials=4"),
    (prd.sign_test, dict(wins=3, trials=4, method="midp"), ValueError, r"^method must be one of"),
    (prd.sign_test, dict(wins=-1, trials=4), ValueError, r"^wins must be a whole number ≥ 0"),
    (prd.sign_test, dict(wins=1, trials=4, alternative="one-sided"), ValueError, r"^alternative must be one of"),
    (prd.sign_test_from_scores, dict(scores1=[1.0, NAN], scores2=[1.0, 2.0]), ValueError, r"^scores1 must be finite"),
    (prd.sign_test_from_scores, dict(scores1=[1.0, 2.0], scores2=[1.0]), ValueError, r"^scores1 and scores2 must have the same length"),
    (prd.sign_test_from_scores, dict(scores1=[True, False], scores2=[1.0, 2.0]), TypeError, r"^scores1 must be an array of numbers"),
    (prd.sign_test_from_scores, dict(scores1=[], scores2=[]), ValueError, r"^scores1 must not be empty"),
    (prd.wilcoxon_signed_rank, dict(differences=[[1, 2], [3, 4]]), ValueError, r"^differences must be one-dimensional"),
    (prd.wilcoxon_signed_rank, dict(differences=[0.1, INF]), ValueError, r"^differences must be finite"),
    (prd.wilcoxon_signed_rank, dict(differences=[0.1, 0.2], method="permutation"), ValueError, r"^method must be one of 'auto', 'exact', 'asymptotic'"),
    (prd.wilcoxon_signed_rank, dict(differences=[0.1, 0.2], alternative="<"), ValueError, r"^alternative must be one of"),
    # ---- evalkit.resampling -----------------------------------------------------------------
    (rs.resubstitution, dict(n=0), ValueError, r"^n must be a whole number ≥ 1"),
    (rs.holdout, dict(n=10, test_fraction=1.0, rng=0), ValueError, r"^test_fraction must be strictly between 0 and 1"),
    (rs.holdout, dict(n=10, test_fraction=0.01, rng=0), ValueError, r"^test_fraction=0\.01 of n=10 items leaves 0 test"),
    (rs.holdout, dict(n=10, test_fraction=0.3, rng=1.5), TypeError, r"^rng must be None, a numpy\.random\.Generator or an integer seed ≥ 0"),
    (rs.holdout, dict(n=1, test_fraction=0.5, rng=0), ValueError, r"^n must be a whole number ≥ 2"),
    (rs.random_subsampling, dict(n=10, test_fraction=0.3, repeats=0, rng=0), ValueError, r"^repeats must be a whole number ≥ 1"),
    (rs.random_subsampling, dict(n=10, test_fraction=NAN, repeats=3, rng=0), ValueError, r"^test_fraction must be strictly between 0 and 1"),
    (rs.kfold, dict(n=10, k=1, rng=0), ValueError, r"^k must be a whole number ≥ 2"),
    (rs.kfold, dict(n=10, k=11, rng=0), ValueError, r"^k must not exceed n"),
    (rs.kfold, dict(n=10, k=2.5, rng=0), ValueError, r"^k must be a whole number \(a count\) ≥ 2"),
    (rs.kfold, dict(n=10, k=3, rng=-1), ValueError, r"^rng must be None, a numpy\.random\.Generator or an integer seed ≥ 0"),
    (rs.kfold, dict(n=10, k=3, rng=0, stratify=[0] * 9), ValueError, r"^stratify must hold one label per item \(length n=10\)"),
    (rs.leave_one_out, dict(n=[3]), ValueError, r"^n must be a single whole number ≥ 2"),
    (rs.bootstrap, dict(n=10, rounds=0, rng=0), ValueError, r"^rounds must be a whole number ≥ 1"),
    (rs.bootstrap, dict(n=10, rounds=5, rng="seed"), TypeError, r"^rng must be None, a numpy\.random\.Generator or an integer seed"),
    (rs.estimate_error, dict(fit_predict=3, X=[[1], [2]], y=[0, 1], splits=[]), TypeError, r"^fit_predict must be callable"),
    (rs.estimate_error, dict(fit_predict=_predict_zero, X=[[1], [2], [3]], y=[0, 1], splits=[]), ValueError, r"^X and y must have the same number of items; got 3 and 2"),
    (rs.estimate_error, dict(fit_predict=_predict_zero, X=[[1], [2]], y=[[0], [1]], splits=[]), ValueError, r"^y must be one label per item \(1-D\)"),
    (rs.estimate_error, dict(fit_predict=_predict_zero, X=[[1], [2]], y=[0, 1], splits=[]), ValueError, r"^splits must yield at least one"),
    (rs.estimate_error, dict(fit_predict=_predict_zero, X=[[1], [2]], y=[0, 1], splits=[([0], [])]), ValueError, r"^splits: split 0 has an empty training or test set"),
    (rs.estimate_error, dict(fit_predict=lambda a, b, c: np.zeros(3), X=[[1], [2]], y=[0, 1], splits=[([0], [1])]), ValueError, r"^fit_predict must return one label per test item"),
    pytest.param(
        rs.estimate_error, dict(fit_predict=_predict_zero, X=5, y=[0, 1], splits=[([0], [1])]), TypeError, r"^X must be",
    ),
    pytest.param(
        rs.estimate_error, dict(fit_predict=_predict_zero, X=[[1], [2]], y=[0, 1], splits=[([0], [5])]), ValueError, r"^splits: split 0 .*(out of range|outside)",
    ),
    (rs.bootstrap_632, dict(fit_predict=_predict_zero, X=[[1], [2]], y=[0, 1], rounds=0, rng=0), ValueError, r"^rounds must be a whole number ≥ 1"),
    (rs.bootstrap_632, dict(fit_predict=None, X=[[1], [2]], y=[0, 1], rounds=3, rng=0), TypeError, r"^fit_predict must be callable"),
    pytest.param(
        rs.bootstrap_632, dict(fit_predict=_predict_zero, X=[[1]], y=[0], rounds=3, rng=0), ValueError, r"^y must hold at least 2",
    ),
    (rs.cv_paired_t, dict(differences=[0.1]), ValueError, r"^differences must hold at least 2 folds"),
    (rs.cv_paired_t, dict(differences=[]), ValueError, r"^differences must hold at least 2 folds"),
    (rs.cv_paired_t, dict(differences=0.1), ValueError, r"^differences must be an array"),
    (rs.cv_paired_t, dict(differences=[0.1, NAN, 0.2]), ValueError, r"^differences must be finite"),
    (rs.cv_paired_t, dict(differences="abc"), TypeError, r"^differences must be an array of numbers"),
    (rs.cv_paired_t, dict(differences=[[0.1, 0.2], [0.3]]), TypeError, r"^differences must be an array of numbers"),
    (rs.cv_paired_t, dict(differences=[True, False]), TypeError, r"^differences must be numbers, not booleans"),
    (rs.cv_paired_t, dict(differences=[0.1, 0.2], confidence=1.5), ValueError, r"^confidence must be strictly between 0 and 1"),
    (rs.paired_t_5x2cv, dict(differences=np.zeros((5, 3))), ValueError, r"^differences must have shape \(5, 2\)"),
    (rs.paired_t_5x2cv, dict(differences=np.zeros(10)), ValueError, r"^differences must have shape \(5, 2\)"),
    (rs.combined_f_5x2cv, dict(differences=np.full((5, 2), INF)), ValueError, r"^differences must be finite"),
    (rs.combined_f_5x2cv, dict(differences=np.zeros((2, 5))), ValueError, r"^differences must have shape \(5, 2\)"),
    (rs.corrected_resampled_t, dict(differences=[0.1, 0.2], n_train=0, n_test=5), ValueError, r"^n_train must be a whole number ≥ 1"),
    (rs.corrected_resampled_t, dict(differences=[0.1, 0.2], n_train=5, n_test=2.5), ValueError, r"^n_test must be a whole number \(a count\)"),
    (rs.corrected_resampled_t, dict(differences=[0.1], n_train=5, n_test=5), ValueError, r"^differences must hold at least 2 splits"),
    (rs.corrected_resampled_t, dict(differences=[0.1, 0.2], n_train=5, n_test=5, confidence=0), ValueError, r"^confidence must be strictly between 0 and 1"),
    # ---- evalkit.datasets -------------------------------------------------------------------
    (ds.true_class, dict(X=[1.0, 2.0]), ValueError, r"^X must have shape \(n, 2\)"),
    (ds.true_class, dict(X=[[NAN, 0.0]]), ValueError, r"^X must contain only finite numbers"),
    (ds.true_class, dict(X=[["a", "b"]]), TypeError, r"^X must be an array of numbers of shape \(n, 2\)"),
    (ds.circles_and_triangles, dict(n_per_class=0), ValueError, r"^n_per_class must be a whole number ≥ 1"),
    (ds.circles_and_triangles, dict(n_per_class=[5, 6]), ValueError, r"^n_per_class must be a single whole number"),
    (ds.circles_and_triangles, dict(n_per_class=5, noise=0.6), ValueError, r"^noise must be a fraction in \[0, 0\.5\]"),
    (ds.circles_and_triangles, dict(n_per_class=5, noise=NAN), ValueError, r"^noise must be a fraction in \[0, 0\.5\]"),
    (ds.circles_and_triangles, dict(n_per_class=5, noise="low"), TypeError, r"^noise must be a number in \[0, 0\.5\]"),
    (ds.circles_and_triangles, dict(n_per_class=5, rng=-1), ValueError, r"^rng must be None, a numpy\.random\.Generator or an integer seed ≥ 0"),
    (ds.circles_and_triangles, dict(n_per_class=5, rng=2.5), TypeError, r"^rng must be None, a numpy\.random\.Generator or an integer seed ≥ 0"),
    (ds.pessimistic_error, dict(training_errors=11, leaves=3, records=10), ValueError, r"^training_errors must not exceed records"),
    (ds.pessimistic_error, dict(training_errors=1, leaves=0, records=10), ValueError, r"^leaves must be a whole number ≥ 1"),
    (ds.pessimistic_error, dict(training_errors=1, leaves=3, records=10, penalty=-0.5), ValueError, r"^penalty must be a finite number ≥ 0"),
    (ds.pessimistic_error, dict(training_errors=1, leaves=3, records=10, penalty=INF), ValueError, r"^penalty must be a finite number ≥ 0"),
    (ds.pessimistic_error, dict(training_errors=[1, 2], leaves=[3, 4, 5], records=10), ValueError, r"^training_errors, leaves, records and penalty must have broadcastable shapes"),
    # ---- evalkit.metrics (added while the module was being finished) -------------------------
    (met.confusion_matrix, dict(y_true=[0, 1, 1], y_pred=[0, 1]), ValueError, r"^y_true and y_pred must have the same length"),
    (met.confusion_matrix, dict(y_true=[], y_pred=[]), ValueError, r"^y_true must not be empty"),
    (met.confusion_matrix, dict(y_true=[0.0, NAN], y_pred=[0, 1]), ValueError, r"^y_true must not contain NaN"),
    (met.confusion_matrix, dict(y_true=[0, 1, 2], y_pred=[0, 1, 1], labels=[0, 1]), ValueError, r"^y_true contains the label 2, which is not among labels"),
    (met.confusion_matrix, dict(y_true=[0, 1], y_pred=[0, 1], labels=[0, 0, 1]), ValueError, r"^labels must not repeat a class"),
    (met.confusion_matrix, dict(y_true="ab", y_pred="ab"), TypeError, r"^y_true must be a sequence of class labels"),
    (met.recall, dict(confusion=[[5]]), ValueError, r"^confusion must be a square matrix .* at least 2 × 2"),
    (met.recall, dict(confusion=[[5, -1], [1, 2]]), ValueError, r"^confusion must hold non-negative finite counts"),
    (met.recall, dict(confusion=[[0, 0], [1, 2]]), ValueError, r"^recall of a class with no true points is 0/0 .*zero_division"),
    (met.recall, dict(confusion=CONFUSION, zero_division="zero"), ValueError, r"^zero_division must be 'raise' or a number"),
    (met.precision, dict(confusion=[[0, 1], [0, 2]]), ValueError, r"^precision of a class never predicted is 0/0"),
    (met.precision, dict(confusion=[[NAN, 1], [0, 2]]), ValueError, r"^confusion must hold non-negative finite counts"),
    (met.precision, dict(confusion=CONFUSION, zero_division=True), TypeError, r"^zero_division must be 'raise' or a number"),
    (met.accuracy, dict(confusion=[[1, 2, 3], [4, 5, 6]]), ValueError, r"^confusion must be a square matrix"),
    (met.accuracy, dict(confusion=[[0, 0], [0, 0]]), ValueError, r"^accuracy of an empty table is 0/0"),
    (met.f_measure, dict(confusion=CONFUSION, beta=0), ValueError, r"^beta must be a positive finite number"),
    (met.f_measure, dict(confusion=CONFUSION, beta=NAN), ValueError, r"^beta must be a positive finite number"),
    (met.f_measure, dict(confusion=CONFUSION, beta="1"), TypeError, r"^beta must be a positive number"),
    (met.weighted_accuracy, dict(confusion=CONFUSION, weights=[1, 2, 3]), ValueError, r"^weights must be a 2 × 2 matrix like the confusion matrix"),
    (met.weighted_accuracy, dict(confusion=CONFUSION, weights=[[1, -1], [1, 1]]), ValueError, r"^weights must be non-negative"),
    (met.weighted_accuracy, dict(confusion=CONFUSION, weights=[[0, 0], [0, 0]]), ValueError, r"^weighted accuracy with zero total weight is 0/0"),
    (met.expected_cost, dict(confusion=CONFUSION, cost=[[0, 1]]), ValueError, r"^cost must be a 2 × 2 matrix like the confusion matrix"),
    (met.expected_cost, dict(confusion=CONFUSION, cost=[[0, NAN], [1, 0]]), ValueError, r"^cost must be finite"),
    pytest.param(
        met.expected_cost, dict(confusion=CONFUSION, cost=COST, average="yes"), TypeError, r"^average must be True or False",
    ),
    (met.prior_weighted_error, dict(errors=[5, 1], counts=[4, 10], priors=[0.5, 0.5]), ValueError, r"^errors must not exceed counts"),
    (met.prior_weighted_error, dict(errors=[1, 1], counts=[4, 10], priors=[0.5, 0.6]), ValueError, r"^priors must sum to 1"),
    (met.prior_weighted_error, dict(errors=[1, 1], counts=[4, 10, 3], priors=[0.5, 0.5]), ValueError, r"^errors, counts and priors must have broadcastable shapes"),
    (met.prior_weighted_error, dict(errors=[0, 1], counts=[0, 10], priors=[0.5, 0.5]), ValueError, r"^counts must be a whole number ≥ 1"),
    (met.prior_weighted_error, dict(errors=[0, 1], counts=[3, 10], priors=[1.5, -0.5]), ValueError, r"^priors must be a probability in \[0, 1\]"),
    (met.trials_for_error_rate, dict(error_rate=0), ValueError, r"^error_rate must be > 0"),
    (met.trials_for_error_rate, dict(error_rate=1.5), ValueError, r"^error_rate must be a probability in \[0, 1\]"),
    (met.trials_for_error_rate, dict(error_rate=0.1, expected_errors=0), ValueError, r"^expected_errors must be a positive number"),
    (met.trials_for_error_rate, dict(error_rate=0.1, expected_errors=NAN), ValueError, r"^expected_errors must be a positive number"),
    # ---- evalkit.roc ------------------------------------------------------------------------
    (roc.roc_curve, dict(y_true=[1, 1, 1, 1], y_score=SCORES[:4]), ValueError, r"^y_true must hold two classes, a positive and a negative one; got only the label 1 \(4 items\)"),
    (roc.roc_curve, dict(y_true=LABELS[:5], y_score=SCORES), ValueError, r"^y_true and y_score must have the same length"),
    (ind.noninferiority_test, dict(successes_a=83, trials_a=88, successes_b=69, trials_b=76, margin=0), ValueError, r"^margin must be one number strictly between 0 and 1"),
    (ind.noninferiority_test, dict(successes_a=90, trials_a=88, successes_b=69, trials_b=76, margin=0.1), ValueError, r"^successes_a must not exceed trials_a"),
    (ind.equivalence_test, dict(successes_a=83, trials_a=88, successes_b=69, trials_b=76, margin=0.1, level=0.5), ValueError, r"^level must be a number strictly between 0 and 0\.5"),
    (ind.equivalence_test, dict(successes_a=83, trials_a=88, successes_b=69, trials_b=76, margin="0.1"), TypeError, r"^margin must be one number"),
    (prd.noninferiority_test, dict(table=[[43, 0], [1, 0]], margin=1.0), ValueError, r"^margin must be one number strictly between 0 and 1"),
    (prd.equivalence_test, dict(table=[[0, 0], [0, 0]], margin=0.1), ValueError, r"^table must count at least one test item"),
    (roc.noninferiority_test, dict(y_true=LABELS, y_score_a=SCORES, y_score_b=SCORES[:5], margin=0.1), ValueError, r"^y_score_a and y_score_b must have the same length"),
    (roc.equivalence_test, dict(y_true=LABELS, y_score_a=SCORES, y_score_b=SCORES, margin=-0.1), ValueError, r"^margin must be one number strictly between 0 and 1"),
    (roc.roc_curve, dict(y_true=LABELS, y_score=[NAN, *SCORES[1:]]), ValueError, r"^y_score must be finite"),
    (roc.roc_curve, dict(y_true=[0, 1, 2, 1, 0, 0], y_score=SCORES), ValueError, r"^y_true must hold two classes; got 3 distinct labels \(0, 1, 2\)"),
    (roc.roc_curve, dict(y_true=[0, 1], y_score=["a", "b"]), TypeError, r"^y_score must be a number or an array of numbers"),
    (roc.auc, dict(y_score=SCORES, y_true=[0] * 6), ValueError, r"^y_true must hold two classes, a positive and a negative one; got only the label 0"),
    (roc.auc, dict(y_true=[LABELS], y_score=[SCORES]), ValueError, r"^y_true must be 1-D"),
    (roc.auc_interval, dict(y_true=LABELS, y_score=SCORES, method="bootstrap"), ValueError, r"^method must be one of 'delong-logit', 'delong', 'hanley-mcneil'"),
    (roc.auc_interval, dict(y_true=LABELS, y_score=SCORES, confidence=1.0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (roc.auc_interval, dict(y_true=[1, 0], y_score=[0.9, 0.1]), ValueError, r"^y_true must contain at least 2 positive \(label 1\) and at least 2 negative"),
    (roc.delong_test, dict(y_true=LABELS, y_score1=SCORES, y_score2=SCORES[:5]), ValueError, r"^y_score1 and y_score2 must have the same length"),
    (roc.delong_test, dict(y_true=LABELS, y_score1=SCORES, y_score2=SCORES, confidence=0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (roc.delong_test, dict(y_score1=SCORES, y_score2=SCORES, y_true=[1] * 6), ValueError, r"^y_true must hold two classes, a positive and a negative one; got only the label 1"),
    # ---- evalkit.multiple -------------------------------------------------------------------
    (mult.average_ranks, dict(scores=[0.1, 0.2]), ValueError, r"^scores must be 2-D with shape \(n_datasets, n_classifiers\)"),
    (mult.average_ranks, dict(scores=[[0.1, NAN], [0.2, 0.3]]), ValueError, r"^scores must be finite"),
    (mult.average_ranks, dict(scores=[[0.1], [0.2]]), ValueError, r"^scores needs at least 2 data sets \(rows\) and 2 classifiers \(columns\)"),
    (mult.friedman, dict(scores=[[0.1, 0.2, 0.3]]), ValueError, r"^scores needs at least 2 data sets"),
    (mult.friedman, dict(scores=RANK_SCORES, tie_correction="yes"), TypeError, r"^tie_correction must be True or False"),
    (mult.critical_value, dict(n_classifiers=1), ValueError, r"^n_classifiers must be a whole number ≥ 2"),
    (mult.critical_value, dict(n_classifiers=3.5), ValueError, r"^n_classifiers must be a whole number \(a count\) ≥ 2"),
    (mult.critical_value, dict(n_classifiers=[3, 4]), ValueError, r"^n_classifiers must be a single whole number ≥ 2"),
    (mult.critical_value, dict(n_classifiers=3, method="tukey"), ValueError, r"^method must be one of 'nemenyi', 'bonferroni-dunn'"),
    (mult.critical_value, dict(n_classifiers=3, alpha=0), ValueError, r"^alpha must be strictly between 0 and 1"),
    (mult.nemenyi, dict(scores=RANK_SCORES, alpha=1.5), ValueError, r"^alpha must be strictly between 0 and 1"),
    (mult.nemenyi, dict(scores=[[0.1, 0.2, 0.3]]), ValueError, r"^scores needs at least 2 data sets"),
    (mult.bonferroni, dict(pvalues=[0.1, 1.2]), ValueError, r"^pvalues must be probabilities in \[0, 1\]"),
    (mult.bonferroni, dict(pvalues=[]), ValueError, r"^pvalues must not be empty"),
    (mult.bonferroni, dict(pvalues=[NAN]), ValueError, r"^pvalues must be probabilities in \[0, 1\]"),
    (mult.holm, dict(pvalues=[[0.1, 0.2]]), ValueError, r"^pvalues must be a 1-D array"),
    (mult.holm, dict(pvalues=[0.1], alpha="0.05"), TypeError, r"^alpha must be a number strictly between 0 and 1"),
    (mult.critical_difference_diagram, dict(scores=RANK_SCORES, names=["a", "b"]), ValueError, r"^names must have one entry per classifier \(3\)"),
    (mult.critical_difference_diagram, dict(scores=RANK_SCORES, alpha=2), ValueError, r"^alpha must be strictly between 0 and 1"),
    pytest.param(
        mult.draw_critical_difference, dict(ax=None, diagram="not a diagram"), TypeError, r"^diagram must be a CriticalDifferenceDiagram",
    ),
    # ---- evalkit.bootstrap ------------------------------------------------------------------
    (boot.bootstrap_interval, dict(statistic=3, samples=SAMPLE), TypeError, r"^statistic must be a callable"),
    (boot.bootstrap_interval, dict(statistic=_mean, rng=0), ValueError, r"^samples: give at least one array to resample"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples=[1.0], rng=0), ValueError, r"^samples must have at least 2 rows to resample"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples=SAMPLE, method="abc", rng=0), ValueError, r"^method must be one of 'percentile', 'bca'"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples=SAMPLE, rounds=0, rng=0), ValueError, r"^rounds must be a whole number ≥ 100"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples=SAMPLE, rounds=150.5, rng=0), TypeError, r"^rounds must be a whole number ≥ 100"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples=SAMPLE, confidence=1, rng=0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples=SAMPLE, rng="a"), TypeError, r"^rng must be None, a numpy\.random\.Generator or an integer seed ≥ 0"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples=SAMPLE, rng=0, vectorized="no"), TypeError, r"^vectorized must be True or False"),
    (boot.bootstrap_interval, dict(statistic=lambda a: a, samples=SAMPLE, rng=0, rounds=100), ValueError, r"^statistic must return one number"),
    (boot.bootstrap_interval, dict(statistic=lambda a: NAN, samples=SAMPLE, rng=0, rounds=100), ValueError, r"^statistic returned NaN or inf"),
    (boot.bootstrap_interval, dict(statistic=_mean, samples="abc", rng=0), TypeError, r"^samples\[0\] must be an array"),
    pytest.param(
        boot.bootstrap_interval, dict(statistic=lambda a: "x", samples=SAMPLE, rng=0, rounds=100), TypeError, r"^statistic must return (one )?(a )?number",
    ),
    (boot.jackknife, dict(statistic=_mean, samples=[1.0]), ValueError, r"^samples must have at least 2 rows"),
    (boot.jackknife, dict(statistic=_mean), ValueError, r"^samples: give at least one array"),
    pytest.param(
        boot.jackknife, dict(statistic=None, samples=SAMPLE), TypeError, r"^statistic must be a callable",
    ),
    pytest.param(
        boot.jackknife, dict(statistic=_mean, samples=SAMPLE, vectorized=1), TypeError, r"^vectorized must be True or False",
    ),
    (boot.paired_difference_interval, dict(metric="acc", y_true=[0, 1, 1], y_pred_a=[0, 1, 1], y_pred_b=[0, 1, 1], rng=0), TypeError, r"^metric must be a callable"),
    pytest.param(
        boot.paired_difference_interval, dict(metric=_accuracy, y_true=[0, 1, 1], y_pred_a=[0, 1], y_pred_b=[0, 1, 1], rng=0), ValueError, r"y_pred_a .*same length",
    ),
    (boot.paired_difference_interval, dict(metric=_accuracy, y_true=[0, 1, 1], y_pred_a=[0, 1, 1], y_pred_b=[0, 1, 1], rng=0, rounds=5), ValueError, r"^rounds must be a whole number ≥ 100"),
    (boot.paired_difference_interval, dict(metric=_accuracy, y_true=[0, 1, 1], y_pred_a=[0, 1, 1], y_pred_b=[0, 1, 1], rng=0, confidence=2), ValueError, r"^confidence must be strictly between 0 and 1"),
    (boot.word_accuracy, dict(substitutions=-1, deletions=0, insertions=0, reference_length=10), ValueError, r"^substitutions must be a whole number ≥ 0"),
    (boot.word_accuracy, dict(substitutions=0, deletions=0, insertions=0, reference_length=0), ValueError, r"^reference_length must be a whole number ≥ 1"),
    (boot.word_accuracy, dict(substitutions=6, deletions=6, insertions=0, reference_length=10), ValueError, r"^substitutions \+ deletions must not exceed reference_length"),
    (boot.word_accuracy, dict(substitutions=1.5, deletions=0, insertions=0, reference_length=10), ValueError, r"^substitutions must be a whole number \(a count\)"),
    (boot.word_accuracy, dict(substitutions=[1, 2], deletions=[1, 2, 3], insertions=0, reference_length=10), ValueError, r"^substitutions, deletions, insertions and reference_length must have broadcastable shapes"),
    # ---- evalkit.report ---------------------------------------------------------------------
    (rep.paired_accuracy_difference, dict(table=[[1, 2, 3]]), ValueError, r"^table must be the 2×2 agreement table"),
    (rep.paired_accuracy_difference, dict(table=[[1, -2], [3, 4]]), ValueError, r"^table must be a whole number ≥ 0"),
    (rep.paired_accuracy_difference, dict(table=[[1, 2], [3, 4]], confidence=0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (rep.paired_accuracy_difference, dict(table=[[0, 0], [0, 0]]), ValueError, r"^table must count at least one test item"),
    (rep.describe_classifier, dict(y_true=[], y_pred=[]), ValueError, r"^y_true must not be empty"),
    (rep.describe_classifier, dict(y_true=Y_TRUE, y_pred=PRED_A, confidence=-1), ValueError, r"^confidence must be strictly between 0 and 1"),
    (rep.describe_classifier, dict(y_true=Y_TRUE, y_pred=PRED_A, cost=[[0, 1, 2]]), ValueError, r"^cost must be a 2 × 2 matrix"),
    (rep.describe_classifier, dict(y_true=Y_TRUE, y_pred=PRED_A, name=5), TypeError, r"^name must be a non-empty string"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B[:3]), ValueError, r"^y_true and y_pred_b must have the same length"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B, confidence=2), ValueError, r"^confidence must be strictly between 0 and 1"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B, names=("A",)), TypeError, r"^names must be a pair of strings"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B, halfwidth=0), ValueError, r"^halfwidth must be strictly between 0 and 1"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B, y_score_a=SCORES), ValueError, r"^y_score_a and y_score_b must be given together \(or neither\); got y_score_a without y_score_b"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B, mcnemar_method="yates"), ValueError, r"^mcnemar_method must be one of 'mid-p', 'exact', 'asymptotic', 'corrected'"),
    (rep.describe_classifier, dict(y_true=[0, 0, 0, 1], y_pred=[0, 0, 1, 1], y_score=[0.1, 0.2, 0.3, 0.4]), ValueError, r"^y_score needs at least 2 test items of each class .*; y_true has 1 of the positive class 1 and 3 of the other$"),
    (rep.compare_classifiers, dict(y_true=[0, 0, 0, 1], y_pred_a=[0, 0, 1, 1], y_pred_b=[0, 0, 0, 1], y_score_a=[0.1, 0.2, 0.3, 0.4], y_score_b=[0.1, 0.2, 0.3, 0.4]), ValueError, r"^y_score_a and y_score_b need at least 2 test items of each class"),
    (rep.describe_classifier, dict(y_true=Y_TRUE, y_pred=PRED_A, y_score=SCORES[:3]), ValueError, r"^y_score must hold one score per test item \(6\); got shape \(3,\)"),
    # the names before issue 44 (pred, scores, pred_a, …): gone, no deprecated aliases
    (rep.describe_classifier, dict(y_true=Y_TRUE, pred=PRED_A), TypeError, r"unexpected keyword argument 'pred'"),
    (rep.describe_classifier, dict(y_true=Y_TRUE, y_pred=PRED_A, scores=SCORES), TypeError, r"unexpected keyword argument 'scores'"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, pred_a=PRED_A, y_pred_b=PRED_B), TypeError, r"unexpected keyword argument 'pred_a'"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, pred_b=PRED_B), TypeError, r"unexpected keyword argument 'pred_b'"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B, scores_a=SCORES, scores_b=SCORES), TypeError, r"unexpected keyword argument 'scores_a'"),
    (rep.compare_classifiers, dict(y_true=Y_TRUE, y_pred_a=PRED_A, y_pred_b=PRED_B, y_score_a=SCORES, scores_b=SCORES), TypeError, r"unexpected keyword argument 'scores_b'"),
    (rep.compare_test_sets, dict(correct_a=51, size_a=50, correct_b=40, size_b=50), ValueError, r"^correct_a must not exceed size_a"),
    (rep.compare_test_sets, dict(correct_a=5, size_a=0, correct_b=4, size_b=5), ValueError, r"^size_a must be at least 1 test item"),
    (rep.compare_test_sets, dict(correct_a=5, size_a=10, correct_b=4.5, size_b=5), ValueError, r"^correct_b must be a whole number"),
    (rep.compare_test_sets, dict(correct_a=5, size_a=10, correct_b=4, size_b=5, names=("A", "A")), ValueError, r"^names must differ"),
    # ---- new in this round: bootstrap helpers, .632+, data files, pairwise Wilcoxon ----------
    (boot.bias_correction, dict(replicates=[], estimate=0.5), ValueError, r"^replicates must be a 1-D array of at least 1 numbers"),
    (boot.bias_correction, dict(replicates=[0.1, NAN], estimate=0.5), ValueError, r"^replicates must be finite"),
    (boot.bias_correction, dict(replicates=[0.1, 0.9], estimate="0.5"), TypeError, r"^estimate must be a finite number"),
    (boot.acceleration, dict(jackknife_values=[1.0]), ValueError, r"^jackknife_values must be a 1-D array of at least 2 numbers"),
    (rs.no_information_error, dict(y_true=[0, 1, 1], y_pred=[0, 1]), ValueError, r"^y_true and y_pred must have the same length"),
    (rs.no_information_error, dict(y_true="01", y_pred=[0, 1]), TypeError, r"^y_true must be a sequence of class labels"),
    (ds.data_file, dict(name="../data/x.csv"), ValueError, r"^name must be a file name in the course's data folder"),
    (ds.data_file, dict(name=3), TypeError, r"^name must be a file name \(a string\)"),
    (mult.pairwise_wilcoxon, dict(scores=[0.1, 0.2]), ValueError, r"^scores must be 2-D with shape \(n_datasets, n_classifiers\)"),
    (mult.pairwise_wilcoxon, dict(scores=RANK_SCORES, zero_method="drop"), ValueError, r"^zero_method must be one of 'zsplit', 'pratt', 'wilcox'"),
    (mult.pairwise_wilcoxon, dict(scores=RANK_SCORES, alpha=1.5), ValueError, r"^alpha must be strictly between 0 and 1"),
    (met.prior_weighted_error, dict(errors=[1, 1], counts=[4, 10], priors=[0.5, 0.5], confidence=1.5), ValueError, r"^confidence must be strictly between 0 and 1"),
    # ---- calibration, precision–recall, many classes, many classifiers (notebook 14) ------------
    (met.calibration_error, dict(y_true=[0, 1, 1, 0], probabilities=[0.2, 0.7, 0.9, 0.4], norm="l1"), ValueError, r"^debiased=True is only available for norm='l2'"),
    (met.brier_score, dict(y_true=[0, 1], probabilities=[0.2, 1.2]), ValueError, r"^probabilities must be a probability in \[0, 1\]; got 1\.2"),
    (met.brier_score, dict(y_true=[0, 1, 2], probabilities=[0.2, 0.3, 0.4]), ValueError, r"^y_true must hold two classes \(probabilities gives one per item"),
    (met.brier_score, dict(y_true=[0, 1, 1], probabilities=[0.2, 0.3]), ValueError, r"^y_true and probabilities must have the same length; got 3 and 2"),
    (met.brier_decomposition, dict(y_true=[0, 1], probabilities=[0.2, NAN]), ValueError, r"^probabilities must be a probability in \[0, 1\]; got nan"),
    (met.brier_decomposition, dict(y_true=[0, 1], probabilities=[0.2, 0.3], n_bins=0), ValueError, r"^n_bins must be a whole number ≥ 1; got 0"),
    (met.calibration_curve, dict(y_true=[0, 1], probabilities=[0.2, 0.3], strategy="equal"), ValueError, r"^strategy must be one of 'uniform', 'quantile'; got 'equal'"),
    (met.calibration_curve, dict(y_true=[0, 1], probabilities=[0.2, 0.3], n_bins=2.5), TypeError, r"^n_bins must be a whole number ≥ 1; got 2\.5"),
    (met.calibration_curve, dict(y_true=[0, 1], probabilities=[[0.2, 0.3]]), ValueError, r"^probabilities must be 1-D"),
    (met.expected_calibration_error, dict(y_true=[0, 1], probabilities=[0.2, 0.3], debiased=1), TypeError, r"^debiased must be True or False; got 1"),
    (met.calibration_test, dict(y_true=[0, 1], probabilities=[0.2, 0.3], method="hosmer"), ValueError, r"^method must be one of 'resampling', 'spiegelhalter'; got 'hosmer'"),
    (met.random_ranking_average_precision, dict(positives=0, items=3), ValueError, r"^positives must be"),
    (met.expected_calibration_error, dict(y_true=[1], probabilities=[0.2]), ValueError, r"^y_true and probabilities must hold at least 2 items; got 1"),
    (met.class_metrics, dict(y_true=[0, 1], y_pred=[0, 1], rng=-1), ValueError, r"^rng must be None, a numpy.random.Generator or an integer seed ≥ 0; got -1"),
    (met.class_metrics, dict(y_true=[0, 1], y_pred=[0, 1], rounds=5, rng=0), ValueError, r"^rounds must be a whole number ≥ 100; got 5"),
    (met.class_metrics, dict(y_true=[0, 1, 1], y_pred=[0, 1], rng=0), ValueError, r"^y_true and y_pred must have the same length; got 3 and 2"),
    (met.cohen_kappa, dict(y_true=[0, 0, 0], y_pred=[0, 0, 0], labels=[0, 1]), ValueError, r"^cohen_kappa is undefined \(0/0\)"),
    (met.cohen_kappa, dict(y_true=[0, 1], y_pred=[0, 1], confidence=1.0), ValueError, r"^confidence must be strictly between 0 and 1"),
    (roc.precision_recall_curve, dict(y_true=[1, 1], y_score=[0.1, 0.2]), ValueError, r"^y_true must hold two classes, a positive and a negative one; got only the label 1"),
    (roc.average_precision, dict(y_true=[1, 0], y_score=[0.1, NAN]), ValueError, r"^y_score must be finite"),
    (roc.precision_recall_band, dict(y_true=[1, 0], y_score=[0.1, 0.2], rounds=10, rng=0), ValueError, r"^rounds must be a whole number ≥ 100; got 10"),
    (roc.precision_recall_band, dict(y_true=[1, 0], y_score=[0.1, 0.2], recall_grid=[0.5, 1.5], rng=0), ValueError, r"^recall_grid must be a non-empty array of recalls in \[0, 1\]; got 1\.5"),
    (roc.multiclass_auc, dict(y_true=[0, 1, 2, 0, 1, 2], y_score=[[0.2, 0.8]] * 6), ValueError, r"^y_score has 2 columns but y_true holds 3 classes \(0, 1, 2\)"),
    (roc.multiclass_auc, dict(y_true=[0, 1, 0, 1, 0, 1], y_score=[[0.2, 0.3, 0.5]] * 6, labels=[0, 1, 2]), ValueError, r"^every class of labels must occur in y_true"),
    (roc.multiclass_auc, dict(y_true=[0, 1, 2, 0, 1, 2], y_score=[[0.2, 0.3, 0.5]] * 6, multi_class="raise"), ValueError, r"^multi_class must be one of 'ovr', 'ovo'; got 'raise'"),
    (prd.cochran_q, dict(correct=[1, 0, 1]), ValueError, r"^correct must be a 2-D array with one row per test item and one column per classifier \(at least 2 columns\); got shape \(3,\)"),
    (prd.cochran_q, dict(correct=[[1, 2, 0]]), ValueError, r"^correct must hold only booleans or 0/1; got 2"),
    (prd.cochran_q, dict(correct=np.zeros((0, 3))), ValueError, r"^correct must have at least one row"),
    (prd.pairwise_mcnemar, dict(correct=[[1, 0, 1]], names=["a", "b"]), ValueError, r"^names must have one entry per classifier \(3\); got 2"),
    (prd.pairwise_mcnemar, dict(correct=[[1, 0, 1]], method="exactly"), ValueError, r"^method must be one of 'mid-p', 'exact', 'asymptotic', 'corrected'; got 'exactly'"),
    (prd.pairwise_mcnemar, dict(correct=[[1, 0.5, 1]]), ValueError, r"^correct must hold only booleans or 0/1; got 0\.5"),
    # ---- evalkit.clustered (notebook 13) --------------------------------------------------------
    (cl.design_effect, dict(correct=[1, 0, 1], clusters=[1, 2]), ValueError, r"^clusters must have one label per test item: got 2 labels for 3 items"),
    (cl.design_effect, dict(correct=[1, 0, 1], clusters=[7, 7, 7]), ValueError, r"^clusters must name at least two different clusters; got only 7"),
    (cl.design_effect, dict(correct=[1, 0, 1], clusters="abc"), TypeError, r"^clusters must be a sequence of cluster labels \(one per item\), not a single string"),
    (cl.design_effect, dict(correct=[1, 0, 1], clusters=[[1], [2], [3]]), TypeError, r"^clusters must hold hashable labels"),
    (cl.design_effect, dict(correct=[1, 0, 1], clusters=[1.0, NAN, 2.0]), ValueError, r"^clusters must not contain NaN labels"),
    (cl.design_effect, dict(correct=[1, 0, 1], clusters=np.zeros((3, 1))), ValueError, r"^clusters must be one-dimensional"),
    (cl.design_effect, dict(correct=[1, 2, 1], clusters=[1, 2, 3]), ValueError, r"^correct must hold only booleans or 0/1; got 2"),
    (cl.design_effect, dict(correct=[], clusters=[]), ValueError, r"^correct must not be empty"),
    (cl.accuracy_interval, dict(correct=[1, 0], clusters=[1, 2], method="wald"), ValueError, r"^method must be one of 'ratio', 'wilson-effective', 'bootstrap'; got 'wald'"),
    (cl.accuracy_interval, dict(correct=[1, 0], clusters=[1, 2], confidence=95), ValueError, r"^confidence must be strictly between 0 and 1"),
    (cl.accuracy_interval, dict(correct=[1, 0], clusters=[1, 2], method="bootstrap", rng="x"), TypeError, r"^rng must be None, a numpy\.random\.Generator or an integer seed"),
    (cl.accuracy_interval, dict(correct=[1, 0], clusters=[1, 2], method="bootstrap", rng=0, rounds=10), ValueError, r"^rounds must be a whole number ≥ 100"),
    (cl.mcnemar, dict(correct_a=[1, 0, 1], correct_b=[1, 0], clusters=[1, 2, 3]), ValueError, r"^correct_a and correct_b must have the same length"),
    (cl.mcnemar, dict(correct_a=[1, 0, 1], correct_b=[1, 0, 3], clusters=[1, 2, 3]), ValueError, r"^correct_b must hold only booleans or 0/1; got 3"),
    # ---- evalkit.planning (notebook 11) ---------------------------------------------------------
    (pl.power_paired, dict(trials=0, p_only1=0.1, p_only2=0.05), ValueError, r"^trials must be a whole number ≥ 1"),
    (pl.trials_paired, dict(p_only1=0.1, p_only2=0.1), ValueError, r"^power 0\.8 is not reachable with p_only1 = 0\.1 and p_only2 = 0\.1 .*the largest power reachable is"),
    (pl.connor_trials, dict(p_only1=0.6, p_only2=0.6), ValueError, r"^p_only1 \+ p_only2 must not exceed 1 .*got 0\.6 \+ 0\.6$"),
    (pl.fleiss_trials, dict(rate_a=1.5, rate_b=0.5), ValueError, r"^rate_a must be a probability in \[0, 1\]"),
    (pl.power_independent, dict(trials_a=0, trials_b=10, rate_a=0.5, rate_b=0.6), ValueError, r"^trials_a must be a whole number ≥ 1"),
    (pl.trials_independent, dict(rate_a=0.8, rate_b=0.8), ValueError, r"^power 0\.8 is not reachable with rate_a = rate_b = 0\.8"),
    (pl.detectable_difference, dict(trials=100), ValueError, r"^give exactly one of discordance \(paired design\) and base_rate"),
    (pl.power_auc, dict(n_positive=0, n_negative=10, auc_a=0.8, auc_b=0.9, correlation=0.5), ValueError, r"^n_positive must be a whole number ≥ 1"),
    # ---- evalkit.bayesian (notebook 12) ----------------------------------------------------------
    (bay.correlated_t, dict(scores_a=[0.1, 0.2], scores_b=[0.1]), ValueError, r"^scores_a and scores_b must have the same length"),
    (bay.signed_rank, dict(scores_a=[0.1, 0.2], scores_b=[0.1, 0.3], rope=-1), ValueError, r"^rope must be a finite number ≥ 0"),
    (bay.sign, dict(scores_a=[0.1, 0.2], scores_b=[0.1, 0.3], prior=0), ValueError, r"^prior must be a finite number > 0"),
    (bay.paired_accuracy, dict(table=[[0, 0], [0, 0]]), ValueError, r"^table must count at least one test item"),
    (bay.plot_posterior, dict(result=3), TypeError, r"^result must be a BayesianComparison"),
    (bay.plot_simplex, dict(result="sign"), TypeError, r"^result must be a BayesianComparison"),
    # ---- evalkit.glossary (notebook 00 and the site) --------------------------------------------
    (gl.glossary_table, dict(languages=["Klingon"]), ValueError, r"^languages: 'Klingon' is not one of \["),
    # ---- evalkit.examples (the worked-example checker the notebooks call) ---------------------
    (exm.check, dict(example_id="wolff-cp", computed={"low": 0.66}), ValueError, r"^wolff-cp: every published number must be checked; missing high, minus, plus"),
    (exm.check, dict(example_id="wolff-cp", computed={"low": 0.66, "high": 0.9, "minus": 1, "plus": 1, "lo": 1}), ValueError, r"^wolff-cp has no quantity 'lo'; its quantities are low, high, minus, plus"),
    (exm.check, dict(example_id="wolff-cp", computed=[0.66, 0.9]), TypeError, r"^wolff-cp has 4 quantities .*pass computed as a mapping"),
    (exm.table, dict(items=[1]), TypeError, r"^table\(\) takes Check results or a mapping"),
]
# fmt: on

#: Modules whose every public function must appear in MATRIX.
COVERED_MODULES = [
    "evalkit.distributions",
    "evalkit.intervals",
    "evalkit.independent",
    "evalkit.paired",
    "evalkit.resampling",
    "evalkit.datasets",
    "evalkit.metrics",
    "evalkit.roc",
    "evalkit.multiple",
    "evalkit.bootstrap",
    "evalkit.report",
    "evalkit.clustered",
    "evalkit.planning",
    "evalkit.bayesian",
    "evalkit.glossary",
]


def _unpack(case):
    return case.values if hasattr(case, "values") else case


def _short(value) -> str:
    text = value.__name__ if callable(value) else repr(value)
    return text if len(text) <= 20 else text[:19] + "…"


def _case_id(case) -> str:
    function, kwargs = _unpack(case)[:2]
    args = ",".join(f"{k}={_short(v)}" for k, v in kwargs.items())
    return f"{function.__module__.rsplit('.', 1)[-1]}.{function.__name__}({args})"


def _call(function, kwargs):
    kwargs = dict(kwargs)
    args = []
    parameters = inspect.signature(function).parameters
    star = parameters.get("samples")
    if star is not None and star.kind is inspect.Parameter.VAR_POSITIONAL:
        # evalkit.bootstrap's ``*samples``: the table's samples=... is the one array resampled
        before = [name for name in parameters if name != "samples"][
            : list(parameters).index("samples")
        ]
        args = [kwargs.pop(name) for name in before if name in kwargs]
        if "samples" in kwargs:
            args.append(kwargs.pop("samples"))
    result = function(*args, **kwargs)
    if isinstance(result, Iterator):  # splitters: consume, in case a check is lazy
        result = list(result)
    return result


def test_matrix_has_at_least_80_cases():
    assert len(MATRIX) >= 80


def test_every_expected_exception_is_value_or_type_error():
    for case in MATRIX:
        assert _unpack(case)[2] in (ValueError, TypeError), _case_id(case)


def _params(cases):
    """MATRIX rows as pytest params with readable ids (marks kept)."""
    return [
        pytest.param(*_unpack(case), marks=getattr(case, "marks", ()), id=_case_id(case))
        for case in cases
    ]


@pytest.mark.parametrize(("function", "kwargs", "error", "message"), _params(MATRIX))
def test_bad_input_is_rejected_with_a_message_naming_the_argument(function, kwargs, error, message):
    with pytest.raises(error, match=message):
        _call(function, kwargs)


def _public_functions(module_name: str) -> set[str]:
    """Public functions that take input (one with no parameters cannot be given a bad one)."""
    module = importlib.import_module(module_name)
    return {
        name
        for name in getattr(module, "__all__", [])
        if inspect.isfunction(getattr(module, name))
        and getattr(module, name).__module__ == module_name
        and inspect.signature(getattr(module, name)).parameters
    }


@pytest.mark.parametrize("module_name", COVERED_MODULES)
def test_matrix_covers_every_public_function(module_name):
    covered = {
        _unpack(case)[0].__name__ for case in MATRIX if _unpack(case)[0].__module__ == module_name
    }
    missing = _public_functions(module_name) - covered
    assert not missing, f"{module_name}: no bad-input case for {sorted(missing)}"


# --------------------------------------------------------------------------------------------
# valid but degenerate inputs: an answer or a clear refusal, never a silent NaN


def _nan_fields(value, path: str = "result") -> list[str]:
    """Paths of every NaN inside a result (dataclass fields, dicts, tuples, arrays, floats)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found = []
        for field in dataclasses.fields(value):
            found += _nan_fields(getattr(value, field.name), f"{path}.{field.name}")
        return found
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _nan_fields(item, f"{path}[{key!r}]")]
    if isinstance(value, (list, tuple)):
        return [p for i, item in enumerate(value) for p in _nan_fields(item, f"{path}[{i}]")]
    if value is None or isinstance(value, (str, bytes)):
        return []
    arr = np.ma.getdata(np.asarray(value)) if np.ma.isMaskedArray(value) else np.asarray(value)
    if arr.dtype.kind in "fc" and np.isnan(arr).any():
        return [path]
    return []


# fmt: off
DEGENERATE = [
    pytest.param(
        ind.rate_difference, dict(rate1=0.0, size1=10, rate2=0.0, size2=10),
        id="rate_difference(0 of 10 vs 0 of 10)",
    ),
    pytest.param(ind.fisher_exact, dict(table=[[5, 0], [0, 5]]), id="fisher_exact(perfect split)"),
    pytest.param(ind.chi_square_2x2, dict(table=[[5, 0], [0, 5]], correction=True), id="chi_square_2x2(yates)"),
    pytest.param(ind.rejection_probability, dict(size_a=3, size_b=3, rate_a=[0.0, 1.0], test="normal"), id="rejection_probability(rates 0, 1)"),
    pytest.param(ind.posterior_null_probability, dict(pvalue=[0.0, 1.0]), id="posterior_null_probability(0, 1)"),
    pytest.param(prd.simple_test, dict(rate1=0.0, rate2=0.0, size=10), id="simple_test(0 vs 0)"),
    pytest.param(prd.paired_test, dict(rate1=1.0, rate2=1.0, joint_rate=1.0, size=10, tail="t"), id="paired_test(1 vs 1)"),
    pytest.param(prd.mcnemar, dict(only1=0, only2=0), id="mcnemar(0, 0) mid-p"),
    pytest.param(prd.mcnemar, dict(only1=0, only2=0, method="exact"), id="mcnemar(0, 0) exact"),
    pytest.param(prd.mcnemar, dict(only1=0, only2=0, method="corrected"), id="mcnemar(0, 0) chi2"),
    pytest.param(prd.difference_interval, dict(table=[[5, 0], [0, 5]], method="tango"), id="difference_interval(tango, no discordant)"),
    pytest.param(ind.boschloo_exact, dict(table=[[50, 50], [0, 0]]), id="boschloo_exact(two perfect classifiers)"),
    pytest.param(ind.difference_interval, dict(successes_a=0, trials_a=10, successes_b=10, trials_b=10), id="difference_interval(0 of 10 vs 10 of 10)"),
    pytest.param(ind.difference_interval, dict(successes_a=[0, 10, 0], trials_a=10, successes_b=[10, 10, 0], trials_b=10, method="miettinen-nurminen"), id="difference_interval(miettinen-nurminen, 0/10, 10/10)"),
    pytest.param(ivl.binomial_test, dict(successes=[0, 10], trials=10, p0=[1e-9, 1 - 1e-9], method="mid-p"), id="binomial_test(p0 at the edges)"),
    pytest.param(roc.auc_interval, dict(y_true=[1, 1, 0, 0], y_score=[1, 1, 1, 1], method="delong-logit"), id="auc_interval(delong-logit, all tied)"),
    pytest.param(mult.pairwise_wilcoxon, dict(scores=np.ones((5, 3))), id="pairwise_wilcoxon(all equal)"),
    pytest.param(prd.cochran_q, dict(correct=np.ones((5, 3))), id="cochran_q(all right)"),
    pytest.param(prd.pairwise_mcnemar, dict(correct=np.ones((5, 3))), id="pairwise_mcnemar(all right)"),
    pytest.param(met.cohen_kappa, dict(y_true=[0, 1, 0, 1], y_pred=[0, 1, 0, 1]), id="cohen_kappa(perfect)"),
    pytest.param(met.class_metrics, dict(y_true=[0, 0, 0, 0], y_pred=[0, 0, 0, 0], labels=[0, 1], rng=0, rounds=100), id="class_metrics(one class only)"),
    pytest.param(roc.precision_recall_band, dict(y_true=[1, 1, 0, 0], y_score=[1, 1, 1, 1], rng=0, rounds=100), id="precision_recall_band(all tied)"),
    pytest.param(met.brier_decomposition, dict(y_true=[1, 1, 1], probabilities=[1.0, 1.0, 1.0]), id="brier_decomposition(certain and right)"),
    pytest.param(cl.design_effect, dict(correct=[1] * 6, clusters=[1, 1, 2, 2, 3, 3]), id="design_effect(all right)"),
    pytest.param(cl.mcnemar, dict(correct_a=[1, 0], correct_b=[1, 0], clusters=[1, 2]), id="clustered mcnemar(no discordant)"),
    pytest.param(prd.sign_test, dict(wins=0, trials=0), id="sign_test(0 of 0)"),
    pytest.param(prd.sign_test_from_scores, dict(scores1=[1.0, 2.0], scores2=[1.0, 2.0]), id="sign_test_from_scores(all ties)"),
    pytest.param(prd.wilcoxon_signed_rank, dict(differences=[0.0, 0.0, 0.0]), id="wilcoxon(all zero)"),
    pytest.param(rs.cv_paired_t, dict(differences=[0.0, 0.0, 0.0]), id="cv_paired_t(all zero)"),
    pytest.param(rs.paired_t_5x2cv, dict(differences=np.zeros((5, 2))), id="paired_t_5x2cv(all zero)"),
    pytest.param(rs.combined_f_5x2cv, dict(differences=np.zeros((5, 2))), id="combined_f_5x2cv(all zero)"),
    pytest.param(rs.corrected_resampled_t, dict(differences=[0.0, 0.0], n_train=8, n_test=2), id="corrected_resampled_t(all zero)"),
    pytest.param(dist.binomial_pmf, dict(k=0, trials=0, p=[0.0, 0.5, 1.0]), id="binomial_pmf(0 of 0)"),
    pytest.param(dist.binomial_cdf, dict(k=[0, 3], trials=3, p=[0.0, 1.0]), id="binomial_cdf(p = 0, 1)"),
    pytest.param(dist.beta_moments, dict(a=[1.0, 0.5, 2.0], b=[1.0, 0.5, 2.0]), id="beta_moments(no mode)"),
    pytest.param(ivl.coverage, dict(method="wald", trials=10, p=[0.0, 1.0]), id="coverage(p = 0, 1)"),
    pytest.param(ivl.expected_width, dict(method="wald", trials=10, p=[0.0, 1.0]), id="expected_width(p = 0, 1)"),
    pytest.param(ivl.trials_for_halfwidth, dict(halfwidth=0.5, rate=[0.0, 1.0]), id="trials_for_halfwidth(rate 0, 1)"),
    pytest.param(ds.pessimistic_error, dict(training_errors=0, leaves=1, records=1, penalty=0), id="pessimistic_error(0)"),
    pytest.param(met.recall, dict(confusion=[[0, 0], [1, 2]], zero_division=0.0), id="recall(empty row, zero_division=0)"),
    pytest.param(met.f_measure, dict(confusion=[[5, 0], [0, 5]]), id="f_measure(perfect)"),
    pytest.param(met.prior_weighted_error, dict(errors=[0, 0], counts=[5, 5], priors=[0.5, 0.5]), id="prior_weighted_error(no errors)"),
    pytest.param(met.trials_for_error_rate, dict(error_rate=1.0), id="trials_for_error_rate(1)"),
    pytest.param(roc.roc_curve, dict(y_true=[1, 1, 0, 0], y_score=[1, 1, 1, 1]), id="roc_curve(all tied)"),
    pytest.param(roc.multiclass_auc, dict(y_true=[0, 0, 1, 1, 2, 2], y_score=[[1, 1, 1]] * 6, multi_class="ovo"), id="multiclass_auc(all tied)"),
    pytest.param(roc.multiclass_auc, dict(y_true=[0, 0, 1, 1, 2, 2], y_score=[[1, 0, 0]] * 2 + [[0, 1, 0]] * 2 + [[0, 0, 1]] * 2), id="multiclass_auc(perfect)"),
    pytest.param(roc.auc_interval, dict(y_true=[1, 1, 0, 0], y_score=[4, 3, 2, 1], method="delong"), id="auc_interval(perfect, delong)"),
    pytest.param(roc.auc_interval, dict(y_true=[1, 1, 0, 0], y_score=[1, 1, 1, 1], method="hanley-mcneil"), id="auc_interval(all tied, hanley-mcneil)"),
    pytest.param(roc.delong_test, dict(y_true=[1, 1, 0, 0], y_score1=[4, 3, 2, 1], y_score2=[4, 3, 2, 1]), id="delong_test(same scores)"),
    pytest.param(roc.delong_test, dict(y_true=[1, 1, 0, 0], y_score1=[4, 3, 2, 1], y_score2=[1, 1, 1, 1]), id="delong_test(perfect vs tied)"),
    pytest.param(mult.friedman, dict(scores=np.ones((5, 3)), tie_correction=True), id="friedman(all tied)"),
    pytest.param(mult.nemenyi, dict(scores=np.ones((5, 3))), id="nemenyi(all tied)"),
    pytest.param(mult.holm, dict(pvalues=[1.0, 1.0, 0.0]), id="holm(p = 1, 1, 0)"),
    pytest.param(boot.bootstrap_interval, dict(statistic=_mean, samples=np.ones(10), rng=0, rounds=100), id="bootstrap_interval(constant sample)"),
    pytest.param(boot.jackknife, dict(statistic=_mean, samples=np.ones(10)), id="jackknife(constant sample)"),
    pytest.param(boot.paired_difference_interval, dict(metric=_accuracy, y_true=[0, 1, 1, 0], y_pred_a=[0, 1, 1, 0], y_pred_b=[0, 1, 1, 0], rng=0, rounds=100), id="paired_difference_interval(identical)"),
    pytest.param(rep.paired_accuracy_difference, dict(table=[[5, 0], [0, 5]]), id="paired_accuracy_difference(no discordant)"),
    pytest.param(rep.compare_classifiers, dict(y_true=[0, 1, 0, 1, 0, 1], y_pred_a=[0, 1, 0, 1, 0, 1], y_pred_b=[0, 1, 0, 1, 0, 1], y_score_a=[0.1, 0.9, 0.2, 0.8, 0.3, 0.7], y_score_b=[0.1, 0.9, 0.2, 0.8, 0.3, 0.7]), id="compare_classifiers(identical, perfect)"),
]
# fmt: on


@pytest.mark.parametrize(("function", "kwargs"), DEGENERATE)
def test_degenerate_input_gives_no_silent_nan(function, kwargs):
    result = _call(function, kwargs)
    assert _nan_fields(result) == []


@pytest.mark.parametrize("method", ivl.METHODS)
def test_every_interval_method_handles_all_or_nothing_without_nan(method):
    ci = ivl.interval([0, 2, 0, 3], [2, 2, 3, 3], method)
    assert _nan_fields(ci) == []


# ---- arrays of labels where counts belong (issue 60) --------------------------------------------
# `intervals.wilson(y_true, y_pred)` said "trials must be a whole number ≥ 1; got 0", and
# `paired.mcnemar(y_true, pred_a, pred_b)` printed all 171 values of an array. Every function that
# takes counts (successes and trials, tables, sizes) now says that the arrays look like labels,
# names the call with counts and the function that takes the labels, and shows a few values.

Y, PRED_1, PRED_2 = (np.random.default_rng(60 + i).integers(0, 2, 171) for i in range(3))
NAMES = np.where(Y == 1, "dog", "cat")

# (function, args, kwargs, error, the names that look like labels, the call with counts)
LABELS_FOR_COUNTS = [
    (ivl.wilson, (Y, PRED_1), {}, ValueError, "successes and trials", "wilson(47, 50)"),
    (ivl.clopper_pearson, (Y == PRED_1, 171), {}, TypeError, "successes", "clopper_pearson(47, 50)"),
    (ivl.mid_p, (NAMES, NAMES), {}, TypeError, "successes and trials", "mid_p(47, 50)"),
    (ivl.interval, (Y, PRED_1, "wilson-cc"), {}, ValueError, "successes and trials", "wilson(47, 50)"),
    (ivl.binomial_test, (Y, PRED_1, 0.5), {}, ValueError, "successes and trials", "binomial_test(47, 50, p0)"),
    (ind.fisher_exact, (Y,), {}, ValueError, "table", "fisher_exact([[47, 40], [3, 10]])"),
    (ind.fisher_exact, ([Y, PRED_1],), {}, ValueError, "table", "fisher_exact([[47, 40], [3, 10]])"),
    (ind.boschloo_exact, (Y,), {}, ValueError, "table", "boschloo_exact([[47, 40], [3, 10]])"),
    (ind.chi_square_2x2, (Y,), {}, ValueError, "table", "chi_square_2x2([[47, 40], [3, 10]])"),
    (ind.fisher_null_distribution, (Y,), {}, ValueError, "table", "fisher_null_distribution([[47, 40], [3, 10]])"),
    (ind.difference_interval, (Y, PRED_1, Y, PRED_2), {}, ValueError, "successes_a, trials_a, successes_b and trials_b", "difference_interval(47, 50, 40, 50)"),
    (ind.hypergeometric_pmf, (Y, PRED_1, PRED_2, Y), {}, ValueError, "correct_a, correct_total, size_a and size_total", "hypergeometric_pmf(47, 87, 50, 100)"),
    (ind.rate_difference, (0.5, Y, 0.4, PRED_1), {}, ValueError, "size1 and size2", "rate_difference(0.15, 30, 0.25, 5000)"),
    (prd.mcnemar, (Y, PRED_1, PRED_2), {}, ValueError, "only1, only2 and method", "mcnemar(6, 16)"),
    (prd.mcnemar, (Y,), {}, ValueError, "only1", "mcnemar(agreement_table(y_pred_a == y_true, y_pred_b == y_true))"),
    (prd.mcnemar, (NAMES, NAMES), {}, TypeError, "only1 and only2", "mcnemar(6, 16)"),
    (prd.mcnemar, (Y == PRED_1, Y == PRED_2), {}, TypeError, "only1 and only2", "mcnemar(6, 16)"),
    (prd.difference_interval, (Y, PRED_1), {}, ValueError, "table and method", "difference_interval([[59, 6], [16, 80]])"),
    (prd.sign_test, (Y, PRED_1), {}, ValueError, "wins and trials", "sign_test(15, 20)"),
    (prd.sign_test, (Y, PRED_1, PRED_2), {}, ValueError, "wins, trials and alternative", "sign_test(15, 20)"),
    (pl.power_paired, (Y, PRED_1, PRED_2), {}, ValueError, "trials, p_only1 and p_only2", "power_paired(200, 0.10, 0.05)"),
    (pl.trials_paired, (), dict(table=Y), ValueError, "table", "trials_paired(table=[[70, 10], [5, 15]])"),
    (pl.power_independent, (Y, PRED_1, 0.9, 0.8), {}, ValueError, "trials_a and trials_b", "power_independent(50, 50, 0.94, 0.80)"),
    (pl.detectable_difference, (Y,), dict(discordance=0.2), ValueError, "trials", "detectable_difference(100, discordance=0.2)"),
    (pl.power_auc, (Y, PRED_1, 0.8, 0.85, 0.5), {}, ValueError, "n_positive and n_negative", "power_auc(100, 100, 0.80, 0.85, 0.5)"),
    (met.accuracy, (Y,), {}, ValueError, "confusion", "accuracy(confusion_matrix(y_true, y_pred))"),
    (met.precision, (Y,), {}, ValueError, "confusion", "accuracy(confusion_matrix(y_true, y_pred))"),
    (rep.compare_test_sets, (Y, 171, PRED_1, 171), {}, ValueError, "correct_a and correct_b", "compare_test_sets(47, 50, 40, 50)"),
]  # fmt: skip

#: More values than this in a row would be a wall of numbers (``shown`` stops at five).
RUN_OF_VALUES = re.compile(
    r"(?:\b[01]|True|False|'cat'|'dog'), (?:(?:[01]|True|False|'cat'|'dog'), ){5}"
)


@pytest.mark.parametrize(
    ("function", "args", "kwargs", "error", "names", "call"),
    LABELS_FOR_COUNTS,
    ids=[
        f"{case[0].__module__.rsplit('.', 1)[-1]}.{case[0].__name__}-{i}"
        for i, case in enumerate(LABELS_FOR_COUNTS)
    ],
)
def test_labels_where_counts_belong_get_the_call_with_counts(
    function, args, kwargs, error, names, call
):
    with pytest.raises(error) as caught:
        function(*args, **kwargs)
    message = str(caught.value)
    look = "looks like an array" if " " not in names else "look like arrays"
    assert message.startswith(f"{names} {look} of labels, one per test item ("), message
    assert call in message, message
    assert "or use " in message or function in (ind.hypergeometric_pmf, pl.trials_paired)
    assert "(As counts: " in message  # what the check of the counts said, too
    assert not RUN_OF_VALUES.search(message), message
    assert len(message) < 900, len(message)


def test_counts_that_fail_but_are_no_labels_keep_their_message():
    """Counts beyond the class codes, or too few to repeat, are not taken for labels."""
    with pytest.raises(ValueError, match=r"^successes must not exceed trials"):
        ivl.wilson([60, 70, 80, 90, 95], [50] * 5)
    with pytest.raises(ValueError, match=r"^trials must be a whole number ≥ 1; got 0$"):
        ivl.wilson([1, 0], [1, 0])
    with pytest.raises(ValueError, match=r"^table must be a 2×2 table .* got shape \(4,\)$"):
        ind.fisher_exact([47, 40, 3, 10])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ivl.interval(40, 50, method=np.arange(100)),
         r"^method must be one of .*; got an array of 100 values \[0, 1, 2, 3, 4, …\] \(method is"),
        (lambda: pl.power_independent(list(range(100)), 50, 0.9, 0.8),
         r"^trials_a must be a single whole number ≥ 1; got a list of 100 values \[0, 1, 2, 3, 4, …\]$"),
        (lambda: prd.mcnemar(3, 4, method=np.linspace(0, 1, 120).reshape(3, 40)),
         r"; got an array of shape \(3, 40\) \[0\.0, 0\.0084\d*, 0\.0168\d*, 0\.0252\d*, 0\.0336\d*, …\]$"),
        (lambda: ivl.wilson(40, 50, correction=np.ones(50, bool)),
         r"^correction must be True or False; got an array of 50 values \[True, True, True, True, True, …\]$"),
        (lambda: ivl.clopper_pearson("x" * 200, 50),
         r"^successes must be a number or an array of numbers; got 'x{78}…$"),
    ],
)  # fmt: skip
def test_a_value_in_a_message_shows_a_few_values_at_most(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
