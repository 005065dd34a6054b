"""Notebook 06, exercise 1 (Fouladi's example): the F-measure of each class.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.exercises import expect_number
from evalkit.metrics import f_measure

OK_FORMAT = False
name = "q06_1"
points = 2

# Fouladi's confusion matrix (rows = true class, columns = predicted class), the notebook's A
_A = np.array([[110, 20], [30, 120]])
RIGHT = {
    "f_class1": float(f_measure(_A)[0]),
    "f_class2": float(f_measure(_A)[1]),
}
HINT = (
    "Reread section 1, 'The confusion matrix, and what to read off it' (recall along a row, "
    "precision down a column), and section 4 on the F-measure: F is the harmonic mean of a "
    "class's precision and recall."
)


@test_case(name="f_class1", points=1, failure_message=HINT)
def check_f1(f_class1):
    expect_number("f_class1", f_class1, RIGHT["f_class1"], what="the F-measure of class 1")


@test_case(name="f_class2", points=1, failure_message=HINT)
def check_f2(f_class2):
    expect_number("f_class2", f_class2, RIGHT["f_class2"], what="the F-measure of class 2")
