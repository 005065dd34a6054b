"""The report's rules: which method it reports and when it warns (constants, with their reasons).

Every constant here is stated in the summaries it affects; the package docstring of
:mod:`evalkit.report` explains each rule and cites the measurement or paper behind it.
"""

from __future__ import annotations

from evalkit import independent

__all__ = [
    "ATLAS_MARGIN",
    "AUC_METHOD",
    "BOSCHLOO_MAX_OUTCOMES",
    "DEFAULT_HALFWIDTH",
    "FEW_DISCORDANT",
    "GROUPED_DIFFERENCE_METHOD",
    "GROUPED_MCNEMAR_REASON",
    "GROUPED_TEST_METHOD",
    "GUENTER_NOTE",
    "IMBALANCE_SHARE",
    "INDEPENDENCE_MCNEMAR_SIZE",
    "MCNEMAR_DEFAULT",
    "MCNEMAR_REASONS",
    "TEST_SET_REASONS",
    "TIED_PAIRS_SHARE",
]

#: McNemar's test as the report gives it unless asked otherwise (see the package docstring).
MCNEMAR_DEFAULT = "mid-p"

#: Why each form of McNemar's test is the one reported (a clause of the summary).
MCNEMAR_REASONS = {
    "mid-p": (
        "the mid-p form is reported because it keeps close to the nominal level with more power "
        "than the exact conditional test, which is conservative (Fagerland, Lydersen & Laake "
        "2013; notebook 04); mcnemar_method='exact' gives a test that never exceeds the level"
    ),
    "exact": (
        "the exact conditional (binomial) test was asked for: it never exceeds the nominal level "
        "but is conservative (Fagerland, Lydersen & Laake 2013; notebook 04)"
    ),
    "asymptotic": (
        "the χ² test without continuity correction was asked for: close to the nominal level "
        "(Fagerland, Lydersen & Laake 2013) but an approximation when b + c is small"
    ),
    "corrected": (
        "the χ² test with Edwards' continuity correction was asked for: it is even more "
        "conservative than the exact test (Fagerland, Lydersen & Laake 2013; notebook 04)"
    ),
}

#: The AUC's interval: DeLong's on the logit scale (roc.auc_interval's default) at every AUC. The
#: coverage atlas measures it at 0.890–0.973 over its 12 settings and the plain (Wald) form at
#: 0.743–0.945; the logit form covers better at every one of them, AUC 0.7 and 0.9 included
#: (0.952 against 0.893 at 20 + 20 items, AUC 0.9), so no AUC gets the plain form (notebook 06).
AUC_METHOD = "delong-logit"

#: Fewer discordant items than this earn a warning: the comparison rests on those items alone.
FEW_DISCORDANT = 25

#: A test set counts as heavily imbalanced when its largest class holds at least this share.
IMBALANCE_SHARE = 0.8

#: Default precision (half-width of the accuracy's interval) the summary checks the test set for.
DEFAULT_HALFWIDTH = 0.05

#: Ties in the scores are reported when more than this share of the positive–negative pairs is
#: tied (then breaking the ties could move the AUC by more than ±0.005).
TIED_PAIRS_SHARE = 0.01

#: Type-I error of McNemar's mid-p test (α = 0.05) when 40 writers × 25 items are treated as
#: independent, in notebook 13's model (each writer's discordant items, 30 % of them, go to A
#: with a Beta(2, 2) share): measured 0.209 (SE 0.003) over 20 000 simulated test sets
#: (``tests/test_report.py::test_independence_sentence_cites_a_measured_size``).
INDEPENDENCE_MCNEMAR_SIZE = 0.21

#: Why the clustered McNemar test is the one reported when ``groups`` is given.
GROUPED_MCNEMAR_REASON = (
    "the items come in {groups} groups (groups=), so the test takes the variance of the "
    "difference from the groups, as its interval does, of which it is the inversion: the two "
    "never disagree. McNemar's test would treat the items as independent; the clustered "
    "McNemar tests run above the level (Yang's, up to 6.3 %) or far below it (Obuchowski's, "
    "0.05 % with 5 writers) with few groups (notebook 13)"
)

#: The report's test with groups: the inversion of the cluster-robust difference interval.
GROUPED_TEST_METHOD = "cluster-robust t test of the difference (CR1, t with groups − 1 df)"

#: Why Günter's paired test stays out of the summary (kept in ``to_dict()`` only).
GUENTER_NOTE = (
    "liberal: Günter's two-sided paired test exceeds the nominal level (exact size up to 0.0717 "
    "at 50 pairs, α = 0.05, notebook 04), so the report does not use it"
)

#: Name of the cluster-robust interval for the difference of the accuracies (with ``groups``).
GROUPED_DIFFERENCE_METHOD = "cluster-robust interval (CR1, t with groups − 1 df)"

#: How far below 95 % (or above 5 %) a method may measure in the coverage atlas before the
#: report says so.
ATLAS_MARGIN = 0.02

#: Boschloo's test enumerates all (K_A + 1)(K_B + 1) outcomes; above this many (about 1000 items
#: per test set) the report uses Fisher's mid-p test, whose size is then near the level (5.2 %
#: at 500 items per set, notebook 03) and whose p-value is near Boschloo's (0.0289 against
#: 0.0310 at 1047 items per set).
BOSCHLOO_MAX_OUTCOMES = independent.MAX_OUTCOMES

#: Why the test of :func:`evalkit.report.compare_test_sets` is the one reported.
TEST_SET_REASONS = {
    "boschloo": (
        "it is the test reported because it never exceeds the nominal level and is more "
        "powerful than Fisher's exact test, which is conservative (Lydersen, Fagerland & Laake "
        "2009; notebook 03)"
    ),
    "mid-p": (
        "Fisher's mid-p test is reported because the test sets are too large to enumerate "
        "Boschloo's test (more than about 1000 items each); at this size its exact size is close "
        "to the level, slightly above it (5.2 % at 500 items per set and α = 5 %, notebook 03; "
        "Lydersen, Fagerland & Laake 2009)"
    ),
}
