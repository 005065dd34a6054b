"""Notebook 09, exercise 2 (resampling words instead of utterances): which bootstrap is right.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

from otter.test_files import test_case

from evalkit.exercises import expect_choice

OK_FORMAT = False
name = "q09_2"
points = 1

# The widths depend on section 5's simulated corpus (drawn from the notebook's random stream)
# and on the bootstrap's draws; the solution shows them (word bootstrap about half as wide).
# What is checked is the conclusion: the unit that was sampled is the utterance.
OPTIONS = ["utterance", "utterances", "word", "words"]
RIGHT = {"right_unit": "utterance"}
WRONG = {"right_unit": "word"}
HINT = (
    "Reread section 5, 'Wolff §5.2: the accuracy of a sequence recognizer', and Summary point 2: "
    "resample what is independent. Do the words of one utterance share something?"
)


@test_case(name="right_unit", points=1, failure_message=HINT)
def check_unit(right_unit):
    expect_choice(
        "right_unit",
        right_unit,
        (RIGHT["right_unit"], RIGHT["right_unit"] + "s"),
        options=OPTIONS,
        what="the unit the bootstrap should resample",
    )
