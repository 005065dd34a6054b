"""Notebook 02, exercise 2 (why the boundary convention?): the plain beta interval's coverage."""

import numpy as np
from otter.test_files import test_case
from scipy import stats

from evalkit.exercises import expect_numbers

OK_FORMAT = False
name = "q02_2"
points = 1


def _plain_coverage(K: int, rates: tuple[float, ...]) -> list[float]:
    # the equal-tailed interval of Beta(n + 1, K - n + 1) for every n, without the n = 0 rule
    n = np.arange(K + 1)
    low, high = stats.beta.ppf([[0.025], [0.975]], n + 1, K - n + 1)
    return [float(stats.binom.pmf(n, K, x)[(low <= x) & (x <= high)].sum()) for x in rates]


RIGHT = {"plain_coverage": _plain_coverage(50, (0.0001, 0.0003, 0.0006, 0.001))}
HINT = (
    "Reread section 1, 'What a 95 % interval promises', and the Deeper section on Wolff's eq. "
    "28: the coverage at x sums the binomial probabilities of the counts n whose interval "
    "contains x. Which interval does the count n = 0 get, and does it contain a very small x?"
)


@test_case(name="plain_coverage", points=1, failure_message=HINT)
def check_coverage(plain_coverage):
    expect_numbers(
        "plain_coverage",
        plain_coverage,
        RIGHT["plain_coverage"],
        what="the exact coverages of the plain interval at x = 0.0001, 0.0003, 0.0006, 0.001",
        rel=0,
        abs=1e-4,
    )
