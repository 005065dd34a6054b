"""The website's page "How well do evalkit's intervals cover?" from the committed atlas table.

``tools/build_site.py`` calls :func:`write_page` while it stages the book: one compact figure per
family (each module of evalkit: coverage or size at every measured setting, the nominal level as
a line, the worst settings marked) and a table of minimum, median, maximum and the share of
settings below nominal for every method. The numbers come from ``data/atlas.csv``
(``make atlas``), read through :mod:`evalkit.atlas`.
"""

from __future__ import annotations

import html
from pathlib import Path

from evalkit import atlas

TITLE = "How well do evalkit's intervals cover?"
INTRO = """\
A "95 % interval" is a promise: over many test sets, it contains the true value 95 % of the time.
A test "at level 5 %" promises to reject a true null hypothesis at most 5 % of the time. The
atlas measures both promises for every interval and every test evalkit returns, at the settings
the course uses: exactly, by enumerating every possible outcome, wherever the outcomes are finite
(one rate, two rates, the paired table, the sign and signed-rank tests), and otherwise by a
seeded simulation with enough replicates that its Monte-Carlo standard error is at most 0.005
(the AUC intervals, the bootstrap, Cochran's Q, the cross-validation tests). Each dot below is
one setting; red marks the worst one. The table gives each method's minimum, median and maximum,
and the share of settings below nominal (coverage lower than 95 % by more than two standard
errors, or size above 5 % by more than two). `make atlas` measures it all again and writes
`data/atlas.csv`; each function's docstring states its own figures, and a test checks that they
agree with the table.
"""

FAMILIES = {
    "intervals": "One rate: the intervals for an accuracy (notebook 02)",
    "independent": "Two independent test sets (notebook 03)",
    "paired": "Two classifiers on one test set (notebooks 04 and 08)",
    "roc": "ROC: the AUC's interval and DeLong's test (notebooks 06 and 14)",
    "bootstrap": "The bootstrap intervals (notebook 09)",
    "resampling": "Cross-validation tests (notebook 05)",
    "metrics": "Calibration and per-class metrics (notebook 14)",
    "clustered": "Test items in groups (notebook 13)",
    "bayesian": "Bayesian comparisons: a claim at posterior 0.95 when there is no difference "
    "(notebook 12)",
}


def _label(function: str, method: str) -> str:
    name = function.split(".", 1)[1]
    return name if method == "-" else f"{name} ({method})"


def _groups(module: str) -> list[tuple[str, str, str]]:
    seen = []
    for r in atlas.rows():
        key = (r.function, r.method, r.kind)
        if r.function.startswith(module + ".") and r.kind != "power" and key not in seen:
            seen.append(key)
    return seen


def family_figure(module: str, path: Path) -> None:
    """Strip plot of one module's methods: coverage (or size) at every setting, worst marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = _groups(module)
    kinds = [k for k in ("coverage", "size") if any(g[2] == k for g in groups)]
    heights = [sum(g[2] == k for g in groups) for k in kinds]
    fig, axes = plt.subplots(
        1,
        len(kinds),
        figsize=(9.5, 1.4 + 0.32 * max(heights)),
        squeeze=False,
        gridspec_kw={"width_ratios": [1] * len(kinds)},
    )
    for ax, kind in zip(axes[0], kinds, strict=True):
        mine = [g for g in groups if g[2] == kind]
        for y, (function, method, _) in enumerate(mine):
            rows = atlas.rows(function, method, kind)
            values = [r.value for r in rows]
            worst = min(values) if kind == "coverage" else max(values)
            ax.plot(values, [y] * len(values), "o", ms=3.5, alpha=0.45, color="tab:blue")
            ax.plot([worst], [y], "x", ms=8, mew=2, color="tab:red")
        nominal = 0.95 if kind == "coverage" else 0.05
        ax.axvline(nominal, color="k", lw=1, ls="--")
        ax.set_yticks(range(len(mine)))
        ax.set_yticklabels([_label(f, m) for f, m, _ in mine], fontsize=8)
        ax.invert_yaxis()
        if kind == "coverage":
            ax.set_xlabel("coverage of the nominal 95 % interval (probability)")
            ax.set_xlim(max(0.0, min(r.value for g in mine for r in atlas.rows(*g)) - 0.02), 1.0)
        else:
            ax.set_xlabel("size of the test at level 5 % (probability)")
            ax.set_xlim(0.0, max(0.1, max(r.value for g in mine for r in atlas.rows(*g)) + 0.01))
        ax.grid(axis="x", alpha=0.3)
    from matplotlib.lines import Line2D

    handles = [
        Line2D([], [], ls="", marker="o", color="tab:blue", alpha=0.6, label="one setting"),
        Line2D([], [], ls="", marker="x", color="tab:red", mew=2, label="worst setting"),
        Line2D([], [], ls="--", color="k", lw=1, label="nominal (95 % coverage, 5 % size)"),
    ]
    fig.legend(handles=handles, loc="lower center", ncol=3, fontsize=8, frameon=False)
    fig.suptitle(f"{FAMILIES[module]}: where the dots fall left of (coverage) or right of (size) "
                 "the dashed line, the promise is broken", fontsize=9)  # fmt: skip
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def summary_table(module: str) -> str:
    """The HTML table of one module's methods: settings, minimum, median, maximum, below."""
    head = (
        "<tr><th>function (method)</th><th>kind</th><th>settings</th><th>minimum</th>"
        "<th>median</th><th>maximum</th><th>below nominal</th><th>measured by</th></tr>"
    )
    body = []
    for function, method, kind in _groups(module):
        s = atlas.summary(function, method, kind)
        how = sorted({r.how.split(",")[0] for r in atlas.rows(function, method, kind)})
        body.append(
            "<tr>"
            f"<td><code>{html.escape(_label(function, method))}</code></td><td>{kind}</td>"
            f"<td>{s.settings}</td><td>{s.minimum:.3f}</td><td>{s.median:.3f}</td>"
            f"<td>{s.maximum:.3f}</td><td>{100 * s.below:.0f} %</td>"
            f"<td>{html.escape(' and '.join(how))}</td></tr>"
        )
    return f"<table class='evalkit-atlas'>\n{head}\n" + "\n".join(body) + "\n</table>"


def write_page(src: Path) -> str:
    """Write ``atlas.md`` and its figures into the book's source folder; return the page's name."""
    figures = src / "atlas_figures"
    figures.mkdir(exist_ok=True)
    parts = [f"# {TITLE}\n\n{INTRO}\n"]
    missing = {r.function.split(".")[0] for r in atlas.rows()} - set(FAMILIES)
    if missing:
        raise SystemExit(f"tools/atlas_page.py: add a title to FAMILIES for {sorted(missing)}")
    modules = [m for m in FAMILIES if any(r.function.startswith(m + ".") for r in atlas.rows())]
    for module in modules:
        family_figure(module, figures / f"{module}.png")
        parts.append(
            f"## {FAMILIES[module]}\n\n"
            f"![{html.escape(FAMILIES[module])}: coverage or size at every measured setting]"
            f"(atlas_figures/{module}.png)\n\n"
            f"```{{raw}} html\n<div class='evalkit-table-wrap'>\n{summary_table(module)}\n"
            "</div>\n```\n"
        )
    (src / "atlas.md").write_text("\n".join(parts), encoding="utf-8")
    return "atlas"
