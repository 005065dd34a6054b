"""Evaluate your own classifiers: one call that picks the right tests and says what they mean.

Hand over the true labels of a test set and the predictions of one or two classifiers (and, if
you have them, their scores); get back every number the course teaches, each computed by the
evalkit module that owns it, with the method named and the caveats written out in sentences:

* :func:`describe_classifier` – one classifier: accuracy with Clopper–Pearson and Wilson intervals
  (:mod:`evalkit.intervals`, notebook 02), confusion matrix, per-class recall, precision and F1,
  expected cost (:mod:`evalkit.metrics`, notebook 06), ROC curve and AUC with DeLong's interval
  (:mod:`evalkit.roc`, notebook 06). With ``groups=`` (the writer, speaker or document of each
  item) the accuracy's interval is the clustered one (:func:`evalkit.clustered.accuracy_interval`,
  notebook 13).
* :func:`compare_test_sets` – two classifiers on two *different* (independent) test sets, from
  the counts alone: Boschloo's exact unconditional test (Fisher's exact test beside it, for
  comparison) and the difference of the accuracies with Newcombe's hybrid score interval
  (:mod:`evalkit.independent`, notebook 03).
* :func:`compare_classifiers` – two classifiers on the *same* test set: both descriptions, the
  paired agreement table, McNemar's mid-p test (the exact, asymptotic and corrected forms on
  request; :mod:`evalkit.paired`, notebook 04), the difference of the accuracies with Newcombe's
  paired interval (:func:`evalkit.paired.difference_interval`), and with scores DeLong's test of
  the two AUCs. With ``groups=`` the clustered McNemar test (:func:`evalkit.clustered.mcnemar`)
  and a cluster-robust interval for the difference replace McNemar's test and Newcombe's
  interval (notebook 13). Günter's paired test is kept in ``to_dict()`` only, under
  ``"guenter_liberal"``: it is liberal (notebook 04: size up to 0.0717 at 50 pairs, two-sided,
  α = 0.05), so it has no place in the summary.

The three calls are also evalkit's own names: ``evalkit.compare_classifiers(y_true, y_pred_a,
y_pred_b)`` is this module's :func:`compare_classifiers`.

The results (:class:`ClassifierReport`, :class:`Comparison`) have ``summary()`` (plain text in
sentences, to paste into a report), an HTML view for notebooks, ``to_dict()`` (JSON-ready) and
``plot()`` (a one-figure overview, or some of its panels drawn into given axes; imports
matplotlib only when called).

The package has one module per job; the names above are imported from here:

* :mod:`evalkit.report.classifier`, :mod:`evalkit.report.comparison` and
  :mod:`evalkit.report.two_sets` compute the numbers (each by the module that owns it) and hold
  the result classes, whose common part is :mod:`evalkit.report.base`;
* :mod:`evalkit.report.checks` checks the arguments once per call;
* :mod:`evalkit.report.wording` writes the sentences, warnings and notes;
* :mod:`evalkit.report.pages` writes the HTML pages, :mod:`evalkit.report.panels` draws the
  figure; these three writers read a result by its shape (:mod:`evalkit.report.shapes`), not
  by its class, so that no import comes back round (``tests/test_architecture.py``);
* :mod:`evalkit.report.rules` holds the constants below.

Rules used to choose and to warn (constants of this module, stated in every summary they affect):

* Test items are independent unless ``groups`` says otherwise, and the summary says so in one
  sentence: several items of one writer, speaker or document make every interval too narrow
  and McNemar's test liberal. In notebook 13's model (40 writers × 25 items, each writer's
  discordant items going to A with a Beta(2, 2) share) McNemar's mid-p test rejects a true null
  hypothesis in :data:`INDEPENDENCE_MCNEMAR_SIZE` = 0.21 of the test sets at α = 0.05 (measured:
  0.209, SE 0.003, 20 000 simulated test sets; ``tests/test_report.py`` repeats it).

* McNemar's test is the mid-p form by default (:data:`MCNEMAR_DEFAULT`): Fagerland, Lydersen &
  Laake (2013, BMC Medical Research Methodology 13:91) show by exact enumeration that it keeps
  close to the nominal level at every number of pairs while the exact conditional test and the
  continuity-corrected χ² are conservative (notebook 04 repeats the enumeration). The other forms
  are one argument away (``mcnemar_method``).
* "Few discordant items": b + c < :data:`FEW_DISCORDANT` (= 25): the comparison rests on those
  items alone, whatever the size of the test set.
* "Precision" (a note, not a warning): the test set is smaller than
  :func:`evalkit.intervals.trials_for_halfwidth` says is needed for a Clopper–Pearson half-width
  of ``halfwidth`` (default :data:`DEFAULT_HALFWIDTH`, ±5 points, named as the default in the
  note) at the observed accuracy (notebook 02's sample-size rule).
* The AUC's interval is DeLong's on the logit scale (:data:`AUC_METHOD`,
  :func:`evalkit.roc.auc_interval`'s default), which stays inside (0, 1) and covers better than
  the plain form at every setting of the coverage atlas.
* "Heavy class imbalance": the largest class holds at least :data:`IMBALANCE_SHARE` (= 80 %) of
  the test items, so always predicting it already scores that accuracy (notebook 06).
* "Ties in scores": more than :data:`TIED_PAIRS_SHARE` (1 %) of the positive–negative pairs
  share a score, which the ROC curve crosses in one diagonal step and the AUC counts as one half;
  the warning says how many items are tied and how far breaking the ties could move the AUC.
"""

from __future__ import annotations

from evalkit.report.classifier import ClassifierReport, describe_classifier
from evalkit.report.comparison import (
    Comparison,
    compare_classifiers,
    paired_accuracy_difference,
)
from evalkit.report.comparison import grouped_difference as _grouped_difference  # noqa: F401
from evalkit.report.panels import LEGEND_LOCATIONS
from evalkit.report.rules import (
    ATLAS_MARGIN,
    AUC_METHOD,
    BOSCHLOO_MAX_OUTCOMES,
    DEFAULT_HALFWIDTH,
    FEW_DISCORDANT,
    GROUPED_DIFFERENCE_METHOD,
    GROUPED_MCNEMAR_REASON,
    GUENTER_NOTE,
    IMBALANCE_SHARE,
    INDEPENDENCE_MCNEMAR_SIZE,
    MCNEMAR_DEFAULT,
    MCNEMAR_REASONS,
    TIED_PAIRS_SHARE,
)
from evalkit.report.two_sets import TestSetComparison, compare_test_sets

__all__ = [
    "ATLAS_MARGIN",
    "AUC_METHOD",
    "BOSCHLOO_MAX_OUTCOMES",
    "DEFAULT_HALFWIDTH",
    "FEW_DISCORDANT",
    "GROUPED_DIFFERENCE_METHOD",
    "GROUPED_MCNEMAR_REASON",
    "GUENTER_NOTE",
    "IMBALANCE_SHARE",
    "INDEPENDENCE_MCNEMAR_SIZE",
    "LEGEND_LOCATIONS",
    "MCNEMAR_DEFAULT",
    "MCNEMAR_REASONS",
    "TIED_PAIRS_SHARE",
    "ClassifierReport",
    "Comparison",
    "TestSetComparison",
    "compare_classifiers",
    "compare_test_sets",
    "describe_classifier",
    "paired_accuracy_difference",
]

# The public functions are documented (and found by the coverage atlas's introspection) as
# evalkit.report's, where users import them from.
for _function in (compare_classifiers, compare_test_sets, describe_classifier,
                  paired_accuracy_difference):  # fmt: skip
    _function.__module__ = __name__
del _function
