"""Notebook 05, exercise 2 (the cost in fits): how many times each estimator trains a learner.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_integer
from evalkit.resampling import bootstrap, kfold, leave_one_out

OK_FORMAT = False
name = "q05_2"
points = 3

_N = 569


def _count(splits):
    return sum(1 for _ in splits)


RIGHT = {
    "loo_fits": _count(leave_one_out(_N)),
    "fits_5x2cv": sum(_count(kfold(_N, 2, seed)) for seed in range(5)),
    # 50 bootstrap rounds, and the fit on all items that gives the resubstitution error
    "bootstrap_fits": _count(bootstrap(_N, 50, 0)) + 1,
}
HINT = (
    "Reread section 2, 'Six ways to split the data': every (train, test) pair a generator yields "
    "is one fit; 5×2cv is five 2-fold splits, and the .632 bootstrap also needs the "
    "resubstitution error, from one more fit on all items."
)


@test_case(name="loo_fits", points=1, failure_message=HINT)
def check_loo(loo_fits):
    expect_integer("loo_fits", loo_fits, RIGHT["loo_fits"], what="the fits of leave-one-out")


@test_case(name="fits_5x2cv", points=1, failure_message=HINT)
def check_5x2cv(fits_5x2cv):
    expect_integer("fits_5x2cv", fits_5x2cv, RIGHT["fits_5x2cv"], what="the fits of 5×2cv")


@test_case(name="bootstrap_fits", points=1, failure_message=HINT)
def check_bootstrap(bootstrap_fits):
    expect_integer(
        "bootstrap_fits",
        bootstrap_fits,
        RIGHT["bootstrap_fits"],
        what="the fits of the 50-round .632 bootstrap, its resubstitution fit included",
    )
