"""Notebook 10, exercise 4 (the command line's --json): McNemar's and DeLong's p-values.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.paired import mcnemar

OK_FORMAT = False
name = "q10_4"
points = 2

# The exercise's data: notebook 10's report of the logistic regression against naive Bayes (285
# test items, random_state=10): only logistic right on 16 items, only naive Bayes on 5; DeLong's
# p-value of the two AUCs as `report.delong.pvalue` gives it (computing it here would mean
# training both models: seconds).
RIGHT = {
    "json_mcnemar_p": mcnemar(16, 5, method="mid-p").pvalue,
    "json_delong_p": 0.011546578764260865,
}
HINT = (
    "Reread 'Deeper: from the command line': with --json the p-values sit under the keys "
    "'mcnemar' and 'delong'; write the scores at full precision (str of a float), not rounded."
)


@test_case(name="json_mcnemar_p", points=1, failure_message=HINT)
def check_mcnemar(json_mcnemar_p):
    expect_number(
        "json_mcnemar_p",
        json_mcnemar_p,
        RIGHT["json_mcnemar_p"],
        what="McNemar's p-value in the JSON output",
    )


@test_case(name="json_delong_p", points=1, failure_message=HINT)
def check_delong(json_delong_p):
    # scores rounded to 6 decimals tie near 0 and 1 and about halve this p-value: a relative
    # tolerance of 0.001 tells the two apart
    expect_number(
        "json_delong_p",
        json_delong_p,
        RIGHT["json_delong_p"],
        what="DeLong's p-value in the JSON output (scores written at full precision)",
    )
