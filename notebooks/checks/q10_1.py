"""Notebook 10, exercise 1 (a decision tree against the logistic regression): the report's numbers.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_choice, expect_number
from evalkit.paired import mcnemar

OK_FORMAT = False
name = "q10_1"
points = 3

# The exercise's data: on notebook 10's 285 test items (train_test_split random_state=10) the
# logistic regression alone is right on 15 items, the depth-3 tree alone on 3 (the solution's
# report prints the difference and the p-value; training the models here would take seconds).
ONLY_LOGISTIC, ONLY_TREE, ITEMS = 15, 3, 285
RIGHT = {
    "tree_gap": (ONLY_LOGISTIC - ONLY_TREE) / ITEMS,
    "tree_mcnemar_p": mcnemar(ONLY_LOGISTIC, ONLY_TREE, method="mid-p").pvalue,
    # DeLong's test of the two AUCs: p < 0.001 in the solution's report
    "auc_significant": "yes",
}
WRONG = {"auc_significant": "no"}
HINT = (
    "Reread sections 3.2, 'The paired tests', 3.3, 'The difference of the accuracies, with a "
    "paired interval', and 3.5, 'ROC and AUC': the difference is logistic minus tree, as a "
    "fraction; the p-values are the ones the report prints."
)


@test_case(name="tree_gap", points=1, failure_message=HINT)
def check_gap(tree_gap):
    # the report prints the difference in points to one decimal: accept that rounding
    expect_number(
        "tree_gap",
        tree_gap,
        RIGHT["tree_gap"],
        what="the logistic regression's accuracy minus the tree's (a fraction)",
        rel=0,
        abs=0.0006,
    )


@test_case(name="tree_mcnemar_p", points=1, failure_message=HINT)
def check_mcnemar(tree_mcnemar_p):
    # the report prints p to three decimals: accept that rounding (the exact test's p is 0.0075)
    expect_number(
        "tree_mcnemar_p",
        tree_mcnemar_p,
        RIGHT["tree_mcnemar_p"],
        what="the p-value of the McNemar test the report uses",
        rel=0,
        abs=0.0005,
    )


@test_case(name="auc_significant", points=1, failure_message=HINT)
def check_auc(auc_significant):
    expect_choice(
        "auc_significant",
        auc_significant,
        RIGHT["auc_significant"],
        options=["yes", "no"],
        what="DeLong's verdict on the AUC difference at the 5 % level",
    )
