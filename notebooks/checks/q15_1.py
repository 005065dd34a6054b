"""Notebook 15, exercise 1 (which verdict?): Tango's non-inferiority p-value and the verdict.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_choice, expect_number
from evalkit.paired import noninferiority_test
from evalkit.plots import MARGIN_VERDICTS, margin_verdict

OK_FORMAT = False
name = "q15_1"
points = 2

TABLE, MARGIN = [[341, 9], [17, 33]], 0.03  # the 400 utterances; the margin fixed beforehand
_TEST = noninferiority_test(TABLE, MARGIN)  # one-sided α = 0.025, Tango's 95 % interval
RIGHT = {
    "ni_pvalue": _TEST.pvalue,
    "verdict": margin_verdict(_TEST.interval.low, _TEST.interval.high, MARGIN).split(" (")[0],
}
HINT = (
    "Reread section 1, 'A smaller model: is it as good?', and section 2, 'The interval against "
    "−δ, 0 and +δ': paired.noninferiority_test(table, margin) takes the agreement table "
    "[[both right, only A right], [only B right, both wrong]] and δ = 0.03 (level 0.025 is its "
    "default); the verdict comes from where Tango's interval lies against −δ, 0 and +δ."
)


@test_case(name="ni_pvalue", points=1, failure_message=HINT)
def check_pvalue(ni_pvalue):
    expect_number(
        "ni_pvalue",
        ni_pvalue,
        RIGHT["ni_pvalue"],
        what="the one-sided p-value of Tango's non-inferiority test with a margin of 3 points",
    )


@test_case(name="verdict", points=1, failure_message=HINT)
def check_verdict(verdict):
    expect_choice(
        "verdict",
        verdict,
        RIGHT["verdict"],
        options=MARGIN_VERDICTS,
        what="the verdict of the interval against −δ, 0 and +δ",
    )
