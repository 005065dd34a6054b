"""Notebook 05, exercise 1 (a learner that memorises): resubstitution error and the .632 share.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case
from sklearn.datasets import load_breast_cancer
from sklearn.tree import DecisionTreeClassifier

from evalkit.exercises import expect_number
from evalkit.resampling import estimate_error, resubstitution

OK_FORMAT = False
name = "q05_1"
points = 2


def _tree_fit_predict(X_train, y_train, X_test):
    # the notebook's unpruned tree_fit_predict
    return DecisionTreeClassifier(random_state=0).fit(X_train, y_train).predict(X_test)


_X, _Y = load_breast_cancer(return_X_y=True)
_RESUBSTITUTION = estimate_error(_tree_fit_predict, _X, _Y, resubstitution(len(_Y))).error
# The .632 estimate is 0.368 · resubstitution error + 0.632 · Err(1) (Efron & Tibshirani 1997),
# so its share of Err(1) is 0.632 + 0.368 · resubstitution / Err(1): 0.632 for every seed when the
# tree memorises its training data (resubstitution error 0), whatever the bootstrap draws.
RIGHT = {
    "resub_error": _RESUBSTITUTION,
    "b632_share": 0.632,
}
HINT = (
    "Reread section 1, 'Why the test set must be unseen: resubstitution', and section 2, 'Six "
    "ways to split the data': the .632 bootstrap mixes the resubstitution error and Efron's "
    "leave-one-out bootstrap error Err(1) with fixed weights; what is left of the mixture when "
    "the resubstitution error vanishes?"
)


@test_case(name="resub_error", points=1, failure_message=HINT)
def check_resubstitution(resub_error):
    expect_number(
        "resub_error",
        resub_error,
        RIGHT["resub_error"],
        what="the unpruned tree's resubstitution error (a fraction)",
    )


@test_case(name="b632_share", points=1, failure_message=HINT)
def check_share(b632_share):
    expect_number(
        "b632_share",
        b632_share,
        RIGHT["b632_share"],
        what="the .632 estimate divided by the leave-one-out bootstrap error Err(1)",
    )
