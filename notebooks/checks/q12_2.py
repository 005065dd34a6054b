"""Notebook 12, exercise 2 (forget the correlation): the posterior probabilities with ρ = 0.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case
from scipy import stats

from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q12_2"
points = 2

# The exercise's data: section 3's 50 fold differences tree − naive Bayes (5 × 10-fold CV,
# random_state=12), summarized by their mean and standard deviation (ddof=1); computing them
# here would mean 100 fits of scikit-learn models
FOLDS, MEAN, SD, ROPE = 50, -0.012312030075187965, 0.029318302989871786, 0.01
_POSTERIOR = stats.t(df=FOLDS - 1, loc=MEAN, scale=SD / FOLDS**0.5)
RIGHT = {
    "rho0_bayes_better": float(_POSTERIOR.cdf(-ROPE)),
    "rho0_equivalent": float(_POSTERIOR.cdf(ROPE) - _POSTERIOR.cdf(-ROPE)),
}
HINT = (
    "Reread section 3, 'Cross-validation on one data set: the correlated t-test': with ρ = 0 the "
    "posterior of the mean difference is a t distribution with n − 1 degrees of freedom, centred "
    "at the mean difference, with scale σ̂/√n; naive Bayes is better when the difference is below "
    "−r."
)


@test_case(name="rho0_bayes_better", points=1, failure_message=HINT)
def check_b_better(rho0_bayes_better):
    expect_number(
        "rho0_bayes_better",
        rho0_bayes_better,
        RIGHT["rho0_bayes_better"],
        what="P(naive Bayes better) with ρ = 0 and r = 0.01",
        rel=0,
        abs=0.001,
    )


@test_case(name="rho0_equivalent", points=1, failure_message=HINT)
def check_equivalent(rho0_equivalent):
    expect_number(
        "rho0_equivalent",
        rho0_equivalent,
        RIGHT["rho0_equivalent"],
        what="P(equivalent) with ρ = 0 and r = 0.01",
        rel=0,
        abs=0.001,
    )
