"""Benchmark: exact power of McNemar's test for planning (evalkit.planning), against simulation.

1. ``power_paired(1000, p1, p2)`` — the exact power of McNemar's mid-p test at N = 1000 pairs
   for 100 effect sizes (discordance ψ = 0.2, differences δ = 0.002 … 0.2, p1 = (ψ + δ)/2,
   p2 = (ψ − δ)/2) — against what a user would otherwise write: a Monte-Carlo estimate with
   10 000 simulated test sets per effect size (``numpy`` multinomial draws, mid-p p-values of
   every draw from ``scipy.stats.binom``, fully vectorized). Agreement first: every simulated
   power within 4.5 standard errors of the exact one. The simulation is far less precise
   (standard error up to 0.005, against ~10⁻¹² for the sum), so the ratio flatters it. Target:
   under a second (the issue's words).
2. ``power_paired(np.arange(1, 1001), p1, p2)`` — the whole power curve in N (the saw-tooth plot
   and the search of ``trials_paired``) in one call, against a loop of
   ``evalkit.paired.rejection_probability(N, p1, p2)`` over N (timed on 40 N and scaled ×25);
   agreement to 1e-9 relative.

Run alone: ``.venv/bin/python benchmarks/bench_planning.py [--quick]``.
"""

from __future__ import annotations

import sys

import numpy as np
from harness import Row, Target, compare, relative_difference, run_script
from scipy import stats

from evalkit.paired import rejection_probability
from evalkit.planning import power_paired

LEVEL = 0.05


def simulated_power(
    size: int, p1: np.ndarray, p2: np.ndarray, replicates: int, seed: int = 7
) -> np.ndarray:
    """Monte-Carlo power of McNemar's two-sided mid-p test, one effect size at a time."""
    rng = np.random.default_rng(seed)
    out = np.empty(p1.shape)
    for i, (x, y) in enumerate(zip(p1.tolist(), p2.tolist(), strict=True)):
        counts = rng.multinomial(size, [x, y, 1.0 - x - y], size=replicates)
        b, c = counts[:, 0], counts[:, 1]
        m, k = b + c, np.minimum(b, c)
        tail = stats.binom.cdf(k - 1, m, 0.5) + 0.5 * stats.binom.pmf(k, m, 0.5)
        pvalue = np.where(m > 0, np.minimum(1.0, 2 * tail), 1.0)
        out[i] = np.mean(pvalue <= LEVEL)
    return out


def rows(quick: bool = False) -> list[Row]:
    size = 200 if quick else 1000
    replicates = 2_000 if quick else 10_000
    psi = 0.2
    delta = np.linspace(0.002, psi, 100)
    p1, p2 = (psi + delta) / 2, (psi - delta) / 2
    out: list[Row] = []

    def check_simulation(exact, simulated):
        se = np.sqrt(np.maximum(exact * (1 - exact), 1e-12) / replicates)
        z = np.abs(simulated - exact) / np.maximum(se, 0.5 / replicates)
        return bool(z.max() <= 4.5), (
            f"max |simulated − exact| = {np.abs(simulated - exact).max():.4f}, "
            f"max {z.max():.2f} standard errors over the 100 effect sizes"
        )

    out.append(
        compare(
            "Planning: paired power",
            f"N = {size} pairs, 100 effect sizes (ψ = 0.2, δ = 0.002 … 0.2), McNemar mid-p",
            lambda: power_paired(size, p1, p2),
            lambda: simulated_power(size, p1, p2, replicates),
            check_simulation,
            reference_name=f"Monte Carlo, {replicates:,} simulated test sets per effect size",
            target=Target("seconds", 1.0),
            note="the issue asks for under a second; the simulation's standard error is up to "
            f"{0.5 / np.sqrt(replicates):.3f}, the exact sum's ~1e-12",
        )
    )

    sizes = np.arange(1, size + 1)
    pick = sizes[:: max(1, size // 40)]
    x, y = 0.12, 0.08

    def check_curve(curve, ref):
        diff = relative_difference(np.asarray(curve)[pick - 1], ref)
        return diff <= 1e-9, f"max relative difference {diff:.1e} at the {pick.size} sampled N"

    out.append(
        compare(
            "Planning: power curve in N",
            f"N = 1 … {size}, one effect size (p1 = {x}, p2 = {y}), McNemar mid-p",
            lambda: power_paired(sizes, x, y),
            lambda: np.array([rejection_probability(int(n), x, y) for n in pick]),
            check_curve,
            reference_name="loop of `paired.rejection_probability(N, p1, p2)` over N",
            target=Target("faster", 10),
            reference_scale=size / pick.size,
            note=f"the loop is timed on {pick.size} values of N and scaled ×{size / pick.size:g}; "
            "the issue sets no target here, the table uses ≥ 10× faster",
        )
    )
    return out


def main(argv: list[str] | None = None) -> int:
    return run_script(rows, __doc__, "small sizes (for development)", argv)


if __name__ == "__main__":
    sys.exit(main())
