"""Notebook 02, exercise 3 (Wolff's validity condition): the rule's coverage where it is valid."""

import numpy as np
from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.intervals import coverage

OK_FORMAT = False
name = "q02_3"
points = 1

_GRID = np.linspace(0.001, 0.999, 999)
_INSIDE = (_GRID > 0.25) & (_GRID < 0.75)
RIGHT = {"inside_min": float(coverage("normal-rule", 200, _GRID)[_INSIDE].min())}
HINT = (
    'Reread section 3.1, "Wolff\'s rule of thumb", and section 4 on exact coverage: compute '
    "coverage('normal-rule', 200, x) on the grid np.linspace(0.001, 0.999, 999) and take the "
    "lowest value over the grid points with 0.25 < x < 0.75."
)


@test_case(name="inside_min", points=1, failure_message=HINT)
def check_inside(inside_min):
    expect_number(
        "inside_min",
        inside_min,
        RIGHT["inside_min"],
        what="the lowest exact coverage of normal-rule (K = 200) for 0.25 < x < 0.75 on the grid",
        rel=0,
        abs=5e-4,
    )
