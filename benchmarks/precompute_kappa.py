"""Measure the coverage of ``metrics.cohen_kappa``'s intervals, plain and weighted (issue 44).

Two intervals are measured side by side on the same simulated tables:

* ``wald``: :math:`\\hat\\kappa_w \\pm z\\,SE` with the large-sample standard error of Fleiss,
  Cohen & Everitt (1969, *Large sample standard errors of kappa and weighted kappa*,
  Psychological Bulletin 72, 323–327), clipped to [−1, 1] (the interval before this script's
  second version, and statsmodels');
* ``score``: the same variance evaluated at the table with the observed margins whose kappa is
  the hypothesized κ0, and the test of κ = κ0 inverted (Wilson 1927; Garner 1991, *The
  standard error of Cohen's kappa*, Statistics in Medicine 10, 767–775): the default since.

A population (a joint distribution over M ordered classes, rows = y_true, columns = y_pred) is
fixed, ``REPLICATES`` tables of N items are drawn from it (multinomial), and each table's 95 %
intervals are checked against the population's kappa, computed from the same cell
probabilities. The Monte-Carlo SE of each coverage is sqrt(c (1 − c) / REPLICATES), at most
0.005 with 10 000 tables whatever the coverage.

Populations:

* ``atlas, right=a`` (the coverage atlas's family ``kappa``, benchmarks/measure_atlas.py):
  three classes of shares π = (0.5, 0.3, 0.2); a prediction is right with probability a, else
  one of the two other classes at random: P_ij = π_i a (i = j), π_i (1 − a)/2 (i ≠ j).
  a = 0.6, 0.8, 0.9, 0.95, 0.98 and N = 20, 30, 50, 200. With a = 0.95 and N = 50, 7.7 % of the
  tables hold no disagreement at all.
* ``3 ordered, moderate``: the 3 × 3 table of ``tests/test_metrics.py``;
* ``4 ordered, near misses``: most disagreements one class apart (where weighting matters);
* ``4 ordered, rare top class``: as above with the highest class at 5 %;
  these three at N = 30, 100, 300.

Tables whose chance agreement is 1 (kappa 0/0: every item in one class) count as misses and
in the column ``undefined`` (none occur at these settings).

Run from the repository root (about a minute of CPU; nice it on a shared machine)::

    nice .venv/bin/python benchmarks/precompute_kappa.py

The first line of the CSV records the command and the numpy version.
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

import numpy as np
from scipy import special

from evalkit.metrics import (
    KAPPA_METHODS,
    KAPPA_WEIGHTS,
    _agreement_weights,
    _kappa_core,
    _kappa_score_limits,
)

SEED = 1969
REPLICATES = 10_000
SIZES = (30, 100, 300)
ATLAS_SIZES = (20, 30, 50, 200)
ATLAS_RIGHT = (0.6, 0.8, 0.9, 0.95, 0.98)
ATLAS_SHARES = (0.5, 0.3, 0.2)
LEVEL = 0.95
OUT = Path(__file__).resolve().parent.parent / "data" / "kappa_coverage.csv"
COMMAND = "nice .venv/bin/python benchmarks/precompute_kappa.py"


def _normalised(cells: list[list[float]]) -> np.ndarray:
    table = np.asarray(cells, dtype=float)
    return table / table.sum()


def atlas_cells(right: float) -> np.ndarray:
    """The atlas's joint distribution: P_ij = π_i a (i = j), π_i (1 − a)/2 (i ≠ j)."""
    shares = np.asarray(ATLAS_SHARES)
    return shares[:, None] * np.where(np.eye(3, dtype=bool), right, (1 - right) / 2)


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


def settings() -> list[tuple[str, np.ndarray, int]]:
    """(population, cells, N): the atlas's grid first, then the ordered populations."""
    grid = [(f"atlas, right={a}", atlas_cells(a), n) for a in ATLAS_RIGHT for n in ATLAS_SIZES]
    return grid + [(name, cells, n) for name, cells in POPULATIONS.items() for n in SIZES]


def coverage_rows(
    name: str, cells: np.ndarray, n: int, weights: str | None, seed: int
) -> list[dict]:
    """Coverage of both intervals over the same REPLICATES multinomial tables of n items."""
    m = cells.shape[0]
    w = _agreement_weights(m, weights)
    z = float(special.ndtri(0.5 + LEVEL / 2.0))
    truth = float(_kappa_core(cells, w, z)["estimate"])
    gen = np.random.default_rng(seed)
    tables = gen.multinomial(n, cells.reshape(-1), size=REPLICATES).reshape(-1, m, m)
    tables = tables.astype(float)
    r = _kappa_core(tables, w, z)
    defined = np.isfinite(r["estimate"])
    limits = {"wald": (r["low"], r["high"])}
    score_low, score_high = np.full(REPLICATES, np.nan), np.full(REPLICATES, np.nan)
    score_low[defined], score_high[defined] = _kappa_score_limits(
        tables[defined], w, z, r["estimate"][defined]
    )
    limits["score"] = (score_low, score_high)
    rows = []
    for method in KAPPA_METHODS:
        low, high = limits[method]
        covered = defined & (low <= truth) & (truth <= high)
        coverage = float(covered.mean())
        rows.append(
            {
                "population": name,
                "classes": m,
                "n": n,
                "weights": weights or "none",
                "method": method,
                "true_kappa": f"{truth:.4f}",
                "coverage": f"{coverage:.4f}",
                "mc_se": f"{math.sqrt(coverage * (1 - coverage) / REPLICATES):.4f}",
                "below": f"{float((defined & (high < truth)).mean()):.4f}",
                "above": f"{float((defined & (low > truth)).mean()):.4f}",
                "mean_width": f"{float(np.mean(high[defined] - low[defined])):.4f}",
                "no_disagreement": f"{float(np.mean(np.trace(tables, axis1=1, axis2=2) == n)):.4f}",
                "undefined": int((~defined).sum()),
                "replicates": REPLICATES,
            }
        )
    return rows


def main() -> None:
    rows = []
    seed = SEED
    for name, cells, n in settings():
        for weights in (None, *KAPPA_WEIGHTS):
            seed += 1
            pair = coverage_rows(name, cells, n, weights, seed)
            rows.extend(pair)
            print(
                f"{name:28s} n={n:4d} {pair[0]['weights']:9s} kappa={pair[0]['true_kappa']} "
                + "  ".join(f"{r['method']} {r['coverage']} ± {r['mc_se']}" for r in pair),
                file=sys.stderr,
            )
    with OUT.open("w", newline="") as fh:
        fh.write(
            f"# command: {COMMAND}  (numpy {np.__version__}); {REPLICATES} tables per row, "
            f"seed {SEED}; coverage of the {LEVEL:.0%} intervals of metrics.cohen_kappa "
            "(method='score', the default, and 'wald') on the same tables\n"
        )
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
