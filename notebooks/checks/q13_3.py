"""Notebook 13, exercise 3 (the clustered McNemar test by hand): McNemar's, Yang's, Durkalski's χ².

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case

from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q13_3"
points = 3

PER_WRITER = [(6, 0), (0, 5), (7, 1)]  # the exercise's discordant counts (b_i, c_i) per writer
# The right answers from the published formulas, not from evalkit (issue 57: evalkit's "yang" was
# (Σd_i)²/Σd_i² = 0.505 and this file, which asked evalkit, agreed with it).
_B, _C = (np.array(counts, dtype=float) for counts in zip(*PER_WRITER, strict=True))
_D, _M = _B - _C, _B + _C  # d_i, and m_i: the writers hold no other items
_K, _N = _D.size, _M.sum()
_ESTIMATE = _D.sum() / _N  # D̂ = (b − c)/N
RIGHT = {
    # McNemar: (b − c)²/(b + c) on the pooled counts
    "mcnemar_chi2": (_B.sum() - _C.sum()) ** 2 / (_B.sum() + _C.sum()),
    # Yang, Sun & Hardin (2010), as the R package clust.bin.pair computes it:
    # (K − 1)/K · (Σd_i)² / (½ Σ [d_i² + (d_i − m_i D̂)²])
    "yang_chi2": (_K - 1) / _K * _D.sum() ** 2 / (0.5 * np.sum(_D**2 + (_D - _M * _ESTIMATE) ** 2)),
    # Durkalski et al. (2003): (Σ d_i/m_i)² / Σ (d_i/m_i)²
    "durkalski_chi2": np.sum(_D / _M) ** 2 / np.sum((_D / _M) ** 2),
}
#: The likely slip, which the check must refuse: Yang's X² taken as (Σd_i)²/Σd_i² = 49/97.
WRONG = {"yang_chi2": _D.sum() ** 2 / np.sum(_D**2)}
# By hand the statistics are rounded: a tolerance of 0.006 accepts each to two decimals.
TOLERANCE = 0.006
HINT = (
    "Reread section 3, 'Two classifiers on the same writers: the clustered McNemar test', and "
    "the Deeper part after it: McNemar's χ² divides (b − c)² by b + c; Yang's multiplies "
    "(b − c)² by (K − 1)/K and divides by the mean of Σ d_i² and Σ (d_i − m_i·D̂)², with "
    "D̂ = (b − c)/N; Durkalski's works with each writer's d_i/m_i."
)


@test_case(name="mcnemar_chi2", points=1, failure_message=HINT)
def check_mcnemar(mcnemar_chi2):
    expect_number(
        "mcnemar_chi2",
        mcnemar_chi2,
        RIGHT["mcnemar_chi2"],
        what="McNemar's uncorrected χ² on the pooled counts b and c",
        rel=0,
        abs=TOLERANCE,
    )


@test_case(name="yang_chi2", points=1, failure_message=HINT)
def check_yang(yang_chi2):
    expect_number(
        "yang_chi2",
        yang_chi2,
        RIGHT["yang_chi2"],
        what="Yang's clustered X²",
        rel=0,
        abs=TOLERANCE,
    )


@test_case(name="durkalski_chi2", points=1, failure_message=HINT)
def check_durkalski(durkalski_chi2):
    expect_number(
        "durkalski_chi2",
        durkalski_chi2,
        RIGHT["durkalski_chi2"],
        what="Durkalski's clustered X²",
        rel=0,
        abs=TOLERANCE,
    )
