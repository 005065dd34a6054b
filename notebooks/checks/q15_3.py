"""Notebook 15, exercise 3 (a third candidate's AUC): p-value at δ = 0.02, verdict at δ = 0.05.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits

from evalkit.exercises import expect_choice, expect_number
from evalkit.plots import MARGIN_VERDICTS, margin_verdict
from evalkit.roc import noninferiority_test

OK_FORMAT = False
name = "q15_3"
points = 2

THIRD = ["mean radius", "mean texture", "mean smoothness"]


def _scores():
    """Section 7's split and models: the third candidate's and the reference's test scores."""
    cancer = load_breast_cancer()
    names = list(cancer.feature_names)
    x_train, x_test, y_train, y_test = train_test_split(
        cancer.data, cancer.target, test_size=0.5, random_state=4, stratify=cancer.target
    )

    def fitted(columns):
        index = [names.index(column) for column in columns]
        model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
        return model.fit(x_train[:, index], y_train).decision_function(x_test[:, index])

    with threadpool_limits(1):  # as the notebook
        return y_test, fitted(THIRD), fitted(names)


_Y, _A, _B = _scores()
_WIDE = noninferiority_test(_Y, _A, _B, 0.05)
RIGHT = {
    "auc_pvalue": noninferiority_test(_Y, _A, _B, 0.02).pvalue,
    "auc_verdict": margin_verdict(_WIDE.interval.low, _WIDE.interval.high, 0.05).split(" (")[0],
}
HINT = (
    "Reread section 7, 'AUC: the same question for scores': fitted_scores(['mean radius', "
    "'mean texture', 'mean smoothness']) gives the candidate's scores; "
    "roc.noninferiority_test(y_test, its scores, score_b, margin) the p-value and DeLong's "
    "interval, whose place against −δ, 0 and +δ is the verdict."
)


@test_case(name="auc_pvalue", points=1, failure_message=HINT)
def check_pvalue(auc_pvalue):
    expect_number(
        "auc_pvalue",
        auc_pvalue,
        RIGHT["auc_pvalue"],
        what="the non-inferiority p-value of the third candidate's AUC at a margin of 0.02",
    )


@test_case(name="auc_verdict", points=1, failure_message=HINT)
def check_verdict(auc_verdict):
    expect_choice(
        "auc_verdict",
        auc_verdict,
        RIGHT["auc_verdict"],
        options=MARGIN_VERDICTS,
        what="the verdict on the third candidate's AUC at a margin of 0.05",
    )
