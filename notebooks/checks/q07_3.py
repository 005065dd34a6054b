"""Notebook 07, exercise 3 (noise and the best size): the best tree and its gap at noise 0.2.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case
from sklearn.tree import DecisionTreeClassifier

from evalkit.datasets import circles_and_triangles
from evalkit.exercises import expect_integer, expect_number

OK_FORMAT = False
name = "q07_3"
points = 2


def _best_and_gap(noise):
    # Section 2's seeds: the notebook's rng = default_rng(7) draws the first data set, then them.
    rng = np.random.default_rng(7)
    circles_and_triangles(500, rng=rng)
    train_seed, test_seed = (int(s) for s in rng.integers(2**31, size=2))
    X, y = circles_and_triangles(500, noise=noise, rng=train_seed)
    X_test, y_test = circles_and_triangles(1000, noise=noise, rng=test_seed)

    def grow(leaves):  # the notebook's grow(): best-first, at most `leaves` leaves
        return DecisionTreeClassifier(max_leaf_nodes=leaves, random_state=0).fit(X, y)

    full = grow(max(2, len(y))).get_n_leaves()
    # the notebook's size_grid(full, dense=10, sparse=12), as the exercise states
    steps = np.round(np.geomspace(10, max(full, 10), 12)).astype(int)
    sizes = np.unique(np.minimum(np.concatenate([np.arange(2, 11), steps]), full))
    trees = [grow(int(k)) for k in sizes]
    test_errors = np.array([np.sum(t.predict(X_test) != y_test) for t in trees])
    best = int(np.argmin(test_errors))  # unique at noise 0.2 (the runner-up has 2 errors more)
    return int(trees[best].get_n_leaves()), float(test_errors[-1] - test_errors[best]) / len(y_test)


_BEST, _GAP = _best_and_gap(0.2)
RIGHT = {"best_leaves_02": _BEST, "gap_02": _GAP}
HINT = (
    "Reread section 2, 'Training and test error against the size of the tree': grow the trees "
    "with error_curves on the data and seeds the exercise gives, take the size with the lowest "
    "test error, and subtract that error rate from the fully grown tree's."
)


@test_case(name="best_leaves_02", points=1, failure_message=HINT)
def check_best(best_leaves_02):
    expect_integer(
        "best_leaves_02",
        best_leaves_02,
        RIGHT["best_leaves_02"],
        what="the number of leaves with the lowest test error at label noise 0.2",
    )


@test_case(name="gap_02", points=1, failure_message=HINT)
def check_gap(gap_02):
    expect_number(
        "gap_02",
        gap_02,
        RIGHT["gap_02"],
        what="the full tree's test error rate minus the best one at label noise 0.2",
    )
