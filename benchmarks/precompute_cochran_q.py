"""Exact size of Cochran's Q test with few informative items: χ² against the exact p-value.

Issue 43, point 12. Conditional on the row totals R_i of the informative items (0 < R_i < k),
Cochran's Q has an exact permutation distribution: each item's R_i ones fall on a uniformly
chosen R_i of the k classifiers (Cochran 1950, §2; Patil 1975). The *conditional size* of a test
at α is the probability, under that distribution, that its p-value is ≤ α; it is computed here
exactly (no Monte-Carlo error) for the χ² approximation and for ``method="exact"``, for
k = 3–6 classifiers and 2–60 informative items, with three patterns of row totals:

* ``one_right``: every informative item is right for exactly one classifier (R_i = 1; the
  same sizes as R_i = k − 1, every classifier but one right, since Q is unchanged when 0 and 1
  are swapped);
* ``spread``: R_i = 1, 2, …, k − 1, 1, 2, … in turn;
* ``random``: R_i uniform on 1 … k − 1 (seed 12).

The unconditional size under any model of the items is an average of these conditional sizes.
Takes about half a minute. Run from the repository root::

    .venv/bin/python benchmarks/precompute_cochran_q.py

The first line of the CSV records this command and the library versions.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import numpy as np
import scipy
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evalkit.paired import _cochran_exact_distribution

SEED = 12
ALPHA = 0.05
OUT = Path(__file__).resolve().parent.parent / "data" / "cochran_q_chi2_size.csv"
COMMAND = ".venv/bin/python benchmarks/precompute_cochran_q.py"
ITEMS = [*range(2, 21), 25, 30, 40, 50, 60]


def row_totals(k: int, pattern: str, m: int) -> np.ndarray:
    if pattern == "one_right":
        return np.ones(m, dtype=np.int64)
    if pattern == "spread":
        return 1 + np.arange(m, dtype=np.int64) % (k - 1)
    return np.random.default_rng([SEED, k, m]).integers(1, k, m)


def sizes(k: int, rows: np.ndarray) -> tuple[float, float]:
    """Exact conditional size at ALPHA of the χ² and the exact permutation p-values."""
    squares, probs = _cochran_exact_distribution(rows, k)
    total = int(rows.sum())
    q = (k - 1) * (k * squares - total**2) / (k * total - int(np.sum(rows**2)))
    chi2_p = stats.chi2.sf(q, k - 1)
    order = np.argsort(-squares, kind="stable")  # exact p = P(Σ C² ≥ observed)
    tail = np.cumsum(probs[order])
    # the tail up to and including every state of the same Σ C²
    sorted_squares = squares[order]
    last = np.searchsorted(-sorted_squares, -sorted_squares, side="right") - 1
    exact_p = np.empty_like(tail)
    exact_p[order] = tail[last]
    return float(probs[chi2_p <= ALPHA].sum()), float(probs[exact_p <= ALPHA + 1e-12].sum())


def main() -> None:
    rows_out = []
    for k in (3, 4, 5, 6):
        for pattern in ("one_right", "spread", "random"):
            for m in ITEMS:
                try:
                    chi2_size, exact_size = sizes(k, row_totals(k, pattern, m))
                except OverflowError:
                    continue
                rows_out.append([k, pattern, m, f"{chi2_size:.4f}", f"{exact_size:.4f}"])
    with OUT.open("w", newline="") as handle:
        handle.write(
            f"# command: {COMMAND}  (numpy {np.__version__}, scipy {scipy.__version__}); exact "
            f"conditional size at alpha = {ALPHA} of Cochran's Q (chi2 and exact permutation "
            "p-values), no Monte-Carlo error\n"
        )
        writer = csv.writer(handle)
        writer.writerow(["classifiers", "pattern", "informative_items", "chi2_size", "exact_size"])
        writer.writerows(rows_out)
    print(f"wrote {OUT} ({len(rows_out)} rows)")


if __name__ == "__main__":
    main()
