"""Notebook 15, exercise 4 (twenty rounds): biocreep along the chain and against the original.

An otter-grader test file (exception-based format): each ``test_case`` function receives the
notebook's variables of the same names. ``RIGHT`` holds the right answers; a failure shows the
student's value and the hint, never ``RIGHT``.
"""

import numpy as np
from otter.test_files import test_case
from scipy import stats

from evalkit.exercises import expect_number

OK_FORMAT = False
name = "q15_4"
points = 2

ITEMS, DISCORDANCE, MARGIN, ROUNDS, CHAINS = 1000, 0.036, 0.02, 20, 20_000


def _tango_z(b, c, items, margin):
    """Tango's score statistic for H0: x_A − x_B ≤ −margin (the notebook's eq. 1–2)."""
    big_b = -b - c - (2 * items - b + c) * margin
    big_c = c * margin * (1 + margin)
    q = (np.sqrt(big_b**2 - 8 * items * big_c) - big_b) / (4 * items)
    return (b - c + items * margin) / np.sqrt(items * (2 * q - margin - margin**2))


def _share_below(against_original: bool, seed: int = 58) -> float:
    """Section 9's simulation for ROUNDS rounds: the share of chains more than δ below."""
    rng = np.random.default_rng(seed)
    loss = np.zeros(CHAINS)
    z_level = stats.norm.isf(0.025)
    for _ in range(ROUNDS):
        candidate = loss + rng.uniform(0, MARGIN, CHAINS)
        tested = candidate if against_original else candidate - loss
        share_a = np.maximum((DISCORDANCE - tested) / 2, 0.0)
        share_b = share_a + tested
        only_candidate = rng.binomial(ITEMS, share_a)
        only_comparator = rng.binomial(ITEMS - only_candidate, share_b / (1 - share_a))
        declared = _tango_z(only_candidate, only_comparator, ITEMS, MARGIN) > z_level
        loss = np.where(declared, candidate, loss)
    return float(np.mean(loss > MARGIN))


RIGHT = {"chain_share": _share_below(False), "anchored_share": _share_below(True)}
# Both the answer and RIGHT are Monte-Carlo estimates from 20 000 chains: accept 5 of the
# standard errors of their difference, so that every seed passes (about 0.008 and 0.010).
TOLERANCE = {key: 5 * np.sqrt(2 * p * (1 - p) / CHAINS) for key, p in RIGHT.items()}
HINT = (
    "Reread section 9, 'A catch over many models: biocreep': chain_of_replacements(rounds=20) "
    "and chain_of_replacements(rounds=20, against_original=True) return the loss after each "
    "round; the share is the mean of (last row > MARGIN)."
)


@test_case(name="chain_share", points=1, failure_message=HINT)
def check_chain(chain_share):
    expect_number(
        "chain_share",
        chain_share,
        RIGHT["chain_share"],
        what="the share of chains more than δ below the original after 20 rounds (along the chain)",
        rel=0,
        abs=TOLERANCE["chain_share"],
    )


@test_case(name="anchored_share", points=1, failure_message=HINT)
def check_anchored(anchored_share):
    expect_number(
        "anchored_share",
        anchored_share,
        RIGHT["anchored_share"],
        what="the share of chains more than δ below the original after 20 rounds (against it)",
        rel=0,
        abs=TOLERANCE["anchored_share"],
    )
