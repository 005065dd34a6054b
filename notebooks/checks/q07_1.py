"""Notebook 07, exercise 1 (pessimistic penalty by hand): the preferred tree and the tie penalty.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.datasets import pessimistic_error
from evalkit.exercises import expect_integer, expect_number

OK_FORMAT = False
name = "q07_1"
points = 2

# The exercise's two trees on 1000 records: (training errors, leaves).
_BIG, _PRUNED = (10, 30), (14, 20)
RIGHT = {
    "preferred_leaves": (
        _PRUNED[1]
        if pessimistic_error(*_PRUNED, 1000, 0.5) < pessimistic_error(*_BIG, 1000, 0.5)
        else _BIG[1]
    ),
    # e(T) + N·ξ equal for both trees: ξ = (difference in errors) / (difference in leaves)
    "tie_penalty": (_PRUNED[0] - _BIG[0]) / (_BIG[1] - _PRUNED[1]),
}
WRONG = {"preferred_leaves": 30, "tie_penalty": 0.5}  # the other tree; the given penalty
HINT = (
    "Reread section 6, 'Occam's razor and estimates of the generalization error': the pessimistic "
    "estimate adds the penalty ξ per leaf, e'(T) = e(T) + N·ξ; compare the two trees at ξ = 0.5, "
    "then set the two estimates equal and solve for ξ."
)


@test_case(name="preferred_leaves", points=1, failure_message=HINT)
def check_preferred(preferred_leaves):
    expect_integer(
        "preferred_leaves",
        preferred_leaves,
        RIGHT["preferred_leaves"],
        what="the number of leaves of the tree the pessimistic estimate prefers at ξ = 0.5",
    )


@test_case(name="tie_penalty", points=1, failure_message=HINT)
def check_tie(tie_penalty):
    expect_number(
        "tie_penalty",
        tie_penalty,
        RIGHT["tie_penalty"],
        what="the penalty ξ at which both trees get the same pessimistic estimate",
    )
