"""Notebook 14, exercise 1 (Platt scaling): the sigmoid-recalibrated naive Bayes' Brier score, cost.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case
from sklearn.calibration import CalibratedClassifierCV
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from threadpoolctl import threadpool_limits

from evalkit.exercises import expect_number
from evalkit.metrics import brier_score

OK_FORMAT = False
name = "q14_1"
points = 2

SEED, COST_RATIO = 14, 5.0  # the notebook's split (section 1) and cost ratio (section 2)


def _sigmoid_recalibrated():
    """Section 1's data and split; naive Bayes recalibrated by Platt's sigmoid on 5 folds."""
    features, labels = load_breast_cancer(return_X_y=True)
    labels = (labels == 0).astype(int)  # 1 = malignant
    x_train, x_test, y_train, y_test = train_test_split(
        features, labels, test_size=0.5, random_state=SEED, stratify=labels
    )
    with threadpool_limits(1):  # as the notebook: quicker than many threads for data this small
        model = CalibratedClassifierCV(GaussianNB(), method="sigmoid", cv=5).fit(x_train, y_train)
        return model.predict_proba(x_test)[:, 1], y_test


def _cost_at(p, labels, threshold):
    """Average cost per item: COST_RATIO per missed positive, 1 per false alarm (section 2)."""
    called = p >= threshold
    missed = np.sum(~called & (labels == 1))
    false_alarms = np.sum(called & (labels == 0))
    return (COST_RATIO * missed + false_alarms) / labels.size


_P, _Y = _sigmoid_recalibrated()
RIGHT = {
    "sigmoid_brier": brier_score(_Y, _P),
    "sigmoid_cost": _cost_at(_P, _Y, 1 / (1 + COST_RATIO)),
}
HINT = (
    "Reread section 1, 'Are the probabilities calibrated?', and section 2, 'Miscalibration and "
    'the cost-optimal threshold\': fit CalibratedClassifierCV(GaussianNB(), method="sigmoid", '
    "cv=5) on the training half, then score its probabilities on the test half (cost ratio 5)."
)


@test_case(name="sigmoid_brier", points=1, failure_message=HINT)
def check_brier(sigmoid_brier):
    expect_number(
        "sigmoid_brier",
        sigmoid_brier,
        RIGHT["sigmoid_brier"],
        what="the Brier score of the sigmoid-recalibrated naive Bayes on the test half",
        abs=5e-5,  # also accepts the score rounded to 4 decimals
    )


@test_case(name="sigmoid_cost", points=1, failure_message=HINT)
def check_cost(sigmoid_cost):
    expect_number(
        "sigmoid_cost",
        sigmoid_cost,
        RIGHT["sigmoid_cost"],
        what="the average cost per tumour at threshold 1/6 of the sigmoid-recalibrated naive Bayes",
        abs=5e-4,  # also accepts the cost rounded to 3 decimals (costs differ by 1/285 at least)
    )
