"""Measure the coverage of ``metrics.cohen_kappa``'s interval, plain and weighted (issue 44).

The interval is :math:`\\hat\\kappa_w \\pm z\\,SE` with the large-sample standard error of Fleiss,
Cohen & Everitt (1969, *Large sample standard errors of kappa and weighted kappa*, Psychological
Bulletin 72, 323–327), clipped to [−1, 1]. Here two raters' (or a classifier's and the truth's)
joint distribution over M ordered classes is fixed, ``REPLICATES`` tables of N items are drawn
from it (multinomial), and each table's 95 % interval is checked against the population's
kappa, computed from the same cell probabilities. The Monte-Carlo SE of each coverage is
sqrt(c (1 − c) / REPLICATES), at most 0.0042 for a coverage of 0.90 with 5000 tables.

Populations (cell probabilities, rows = y_true, columns = y_pred):

* ``3 ordered, moderate``: the 3 × 3 table of ``tests/test_metrics.py``;
* ``4 ordered, near misses``: most disagreements one class apart (where weighting matters);
* ``4 ordered, rare top class``: as above with the highest class at 5 %.

Tables whose chance agreement is 1 (kappa 0/0: every item in one class) cannot occur for
these populations at the sizes simulated, and are counted in the column ``undefined``.

Run from the repository root (a few seconds)::

    .venv/bin/python benchmarks/precompute_kappa.py

The first line of the CSV records the command and the numpy version.
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

import numpy as np
from scipy import special

from evalkit.metrics import KAPPA_WEIGHTS, _agreement_weights, _kappa_core

SEED = 1969
REPLICATES = 5000
SIZES = (30, 100, 300)
LEVEL = 0.95
OUT = Path(__file__).resolve().parent.parent / "data" / "kappa_coverage.csv"
COMMAND = ".venv/bin/python benchmarks/precompute_kappa.py"


def _normalised(cells: list[list[float]]) -> np.ndarray:
    table = np.asarray(cells, dtype=float)
    return table / table.sum()


POPULATIONS = {
    "3 ordered, moderate": _normalised(
        [[0.35, 0.05, 0.02], [0.06, 0.25, 0.04], [0.03, 0.05, 0.15]]
    ),
    "4 ordered, near misses": _normalised(
        [
            [0.16, 0.05, 0.01, 0.00],
            [0.04, 0.18, 0.05, 0.01],
            [0.01, 0.05, 0.20, 0.04],
            [0.00, 0.01, 0.05, 0.14],
        ]
    ),
    "4 ordered, rare top class": _normalised(
        [
            [0.25, 0.05, 0.01, 0.00],
            [0.05, 0.25, 0.05, 0.005],
            [0.01, 0.05, 0.20, 0.01],
            [0.00, 0.005, 0.015, 0.03],
        ]
    ),
}


def coverage_row(name: str, cells: np.ndarray, n: int, weights: str | None, seed: int) -> dict:
    """Coverage of the interval over REPLICATES multinomial tables of n items."""
    m = cells.shape[0]
    w = _agreement_weights(m, weights)
    z = float(special.ndtri(0.5 + LEVEL / 2.0))
    truth = float(_kappa_core(cells, w, z)["estimate"])
    gen = np.random.default_rng(seed)
    tables = gen.multinomial(n, cells.reshape(-1), size=REPLICATES).reshape(-1, m, m)
    r = _kappa_core(tables.astype(float), w, z)
    defined = np.isfinite(r["estimate"])
    covered = (r["low"] <= truth) & (truth <= r["high"]) & defined
    coverage = float(covered.mean())
    return {
        "population": name,
        "classes": m,
        "n": n,
        "weights": weights or "none",
        "true_kappa": f"{truth:.4f}",
        "coverage": f"{coverage:.4f}",
        "mc_se": f"{math.sqrt(coverage * (1 - coverage) / REPLICATES):.4f}",
        "below": f"{float((defined & (r['high'] < truth)).mean()):.4f}",
        "above": f"{float((defined & (r['low'] > truth)).mean()):.4f}",
        "mean_width": f"{float(np.mean(r['high'][defined] - r['low'][defined])):.4f}",
        "undefined": int((~defined).sum()),
        "replicates": REPLICATES,
    }


def main() -> None:
    rows = []
    seed = SEED
    for name, cells in POPULATIONS.items():
        for n in SIZES:
            for weights in (None, *KAPPA_WEIGHTS):
                seed += 1
                rows.append(coverage_row(name, cells, n, weights, seed))
                row = rows[-1]
                print(
                    f"{name:28s} n={n:4d} {row['weights']:9s} kappa={row['true_kappa']} "
                    f"coverage={row['coverage']} ± {row['mc_se']}",
                    file=sys.stderr,
                )
    with OUT.open("w", newline="") as fh:
        fh.write(
            f"# command: {COMMAND}  (numpy {np.__version__}); {REPLICATES} tables per row, "
            f"seed {SEED}; coverage of the {LEVEL:.0%} interval of metrics.cohen_kappa\n"
        )
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
