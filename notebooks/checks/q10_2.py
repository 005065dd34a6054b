"""Notebook 10, exercise 2 (an imbalanced test set): "always benign"'s accuracy, recall and cost.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.metrics import expected_cost

OK_FORMAT = False
name = "q10_2"
points = 4

# The exercise's data: section 4 keeps the 179 benign tumours and 10 malignant ones of the test
# set; "always benign" misses the 10, the logistic regression raises 5 false alarms and misses
# none (rows: true benign, malignant; columns: predicted benign, malignant).
COST = [[0, 1], [5, 0]]
ALWAYS_BENIGN = [[179, 0], [10, 0]]
LOGISTIC = [[174, 5], [0, 10]]
RIGHT = {
    "always_accuracy": 179 / 189,
    "always_recall": 0.0,
    "always_cost": expected_cost(ALWAYS_BENIGN, COST, average=True),
    "logistic_cost": expected_cost(LOGISTIC, COST, average=True),
}
HINT = (
    "Reread section 4, 'The warnings, one situation at a time' (the imbalanced test set), and "
    "section 3.4, 'Per class, and the cost': accuracy and recall are fractions, the cost is per "
    "test item, with the cost matrix of section 2."
)


@test_case(name="always_accuracy", points=1, failure_message=HINT)
def check_accuracy(always_accuracy):
    # the report prints the accuracy in % to one decimal: accept that rounding
    expect_number(
        "always_accuracy",
        always_accuracy,
        RIGHT["always_accuracy"],
        what='the accuracy of "always benign" (a fraction)',
        rel=0,
        abs=0.0006,
    )


@test_case(name="always_recall", points=1, failure_message=HINT)
def check_recall(always_recall):
    expect_number(
        "always_recall",
        always_recall,
        RIGHT["always_recall"],
        what='the recall of the malignant class of "always benign"',
        rel=0,
        abs=0.001,
    )


@test_case(name="always_cost", points=1, failure_message=HINT)
def check_always_cost(always_cost):
    # costs printed to four decimals are accepted
    expect_number(
        "always_cost",
        always_cost,
        RIGHT["always_cost"],
        what='the cost per item of "always benign"',
        rel=0,
        abs=0.0001,
    )


@test_case(name="logistic_cost", points=1, failure_message=HINT)
def check_logistic_cost(logistic_cost):
    expect_number(
        "logistic_cost",
        logistic_cost,
        RIGHT["logistic_cost"],
        what="the cost per item of the logistic regression",
        rel=0,
        abs=0.0001,
    )
