"""Notebook 06, exercise 3 (a tie in Symeonidis' ROC data): the AUC with the tie broken each way.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.examples import example
from evalkit.exercises import expect_number
from evalkit.roc import auc

OK_FORMAT = False
name = "q06_3"
points = 2

_INPUTS = example("sym-roc-table").inputs
_SCORES = np.array(_INPUTS["scores"], dtype=float)
_LABELS = np.array(_INPUTS["labels"])
_TIED = np.flatnonzero((_LABELS == 1) & np.isclose(_SCORES, 0.85))  # the positive scored 0.85


def _auc_with(score):
    changed = _SCORES.copy()
    changed[_TIED] = score
    return auc(_LABELS, changed)


RIGHT = {
    "auc_0851": _auc_with(0.851),
    "auc_0849": _auc_with(0.849),
}
HINT = (
    "Reread section 6, 'From scores to a ROC curve': the AUC is the share of positive–negative "
    "pairs in which the positive scores higher, a tie counting one half; moving the score breaks "
    "the tie one way or the other."
)


@test_case(name="auc_0851", points=1, failure_message=HINT)
def check_above(auc_0851):
    expect_number("auc_0851", auc_0851, RIGHT["auc_0851"], what="the AUC with the score 0.851")


@test_case(name="auc_0849", points=1, failure_message=HINT)
def check_below(auc_0849):
    expect_number("auc_0849", auc_0849, RIGHT["auc_0849"], what="the AUC with the score 0.849")
