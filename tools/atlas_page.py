"""The website's page "How well do evalkit's intervals cover?" from the committed atlas table.

``tools/build_site.py`` calls :func:`write_page` while it stages the book: first the lookup
(:func:`evalkit.atlas.compare`) answering "which interval for 47 of 50?" with a figure of exact
coverage zoomed on 0.85–1 and its table, and the lookup's answers for a paired table, two test
sets and an AUC; then one compact figure per family (each module of evalkit: coverage or size at
every measured setting on an axis zoomed on the range that matters, the nominal level as a line,
the worst settings marked), the data-generating model of each of its functions, and a table of
minimum, median, maximum and the share of settings below nominal for every method. The numbers
come from ``data/atlas.csv`` (``make atlas``), read through :mod:`evalkit.atlas`.
"""

from __future__ import annotations

import html
import textwrap
from pathlib import Path

import numpy as np

from evalkit import atlas

TITLE = "How well do evalkit's intervals cover?"
INTRO = """\
A "95 % interval" is a promise: over many test sets, it contains the true value 95 % of the time.
A test "at level 5 %" promises to reject a true null hypothesis at most 5 % of the time. The
atlas measures both promises for every interval and every test evalkit returns, at the settings
the course uses: exactly, by enumerating every possible outcome, wherever the outcomes are finite
(one rate, two rates, the paired table, the sign and signed-rank tests), and otherwise by a
seeded simulation with enough replicates that its Monte-Carlo standard error is at most 0.005
(the AUC intervals, the bootstrap, Cochran's Q, the cross-validation tests, the tests over many
data sets). Each simulated family states its data-generating model below (the table's `model`
column). Each dot below is one setting; red marks the worst one. The axes are zoomed on the range
that matters (coverage 0.85–1, size 0–0.15): a setting beyond it is drawn at the edge as a
triangle, and the table says how far. The table gives each method's minimum, median and maximum,
and the share of settings below nominal (coverage lower than 95 % by more than two standard
errors, or size above 5 % by more than two). `make atlas` measures it all again and writes
`data/atlas.csv`; each function's docstring states its own figures (and where its minimum lies),
and a test checks that they agree with the table.
"""

#: the zoomed axes: coverage from COVERAGE_FROM to 1, size from 0 to SIZE_TO
COVERAGE_FROM = 0.85
SIZE_TO = 0.15
#: the lookup's example: "which interval should I use for 47 of 50?"
EXAMPLE = {"successes": 47, "trials": 50}
#: the lookup's other examples: (what, keyword arguments, the call as a user writes it)
OTHER_EXAMPLES = (
    (
        "One test set, two classifiers (the agreement table: 40 both right, 6 only A, 2 only B, "
        "2 both wrong)",
        {"table": [[40, 6], [2, 2]]},
        "compare(table=[[40, 6], [2, 2]])",
    ),
    (
        "Two independent test sets: 47 of 50 against 40 of 50",
        {"successes": (47, 40), "trials": (50, 50)},
        "compare(successes=(47, 40), trials=(50, 50))",
    ),
    (
        "An AUC of 0.9 with 50 positives and 50 negatives",
        {"auc": 0.9, "positives": 50, "negatives": 50},
        "compare(auc=0.9, positives=50, negatives=50)",
    ),
)

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
    "multiple": "Many data sets: Friedman, Nemenyi and the pairwise Wilcoxon tests (notebook 08)",
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
        low, high = (COVERAGE_FROM, 1.0) if kind == "coverage" else (0.0, SIZE_TO)
        pad = 0.006 * (high - low) / 0.15
        for y, (function, method, _) in enumerate(mine):
            rows = atlas.rows(function, method, kind)
            values = np.array([r.value for r in rows])
            worst = values.min() if kind == "coverage" else values.max()
            inside = (values >= low) & (values <= high)
            ax.plot(values[inside], [y] * int(inside.sum()), "o", ms=3.5, alpha=0.45,
                    color="tab:blue")  # fmt: skip
            if np.any(values < low):  # beyond the zoomed axis: a triangle at its edge
                ax.plot([low + pad], [y], "<", ms=6, color="tab:blue", alpha=0.8)
            if np.any(values > high):
                ax.plot([high - pad], [y], ">", ms=6, color="tab:blue", alpha=0.8)
            shown = min(max(worst, low + pad), high - pad)
            ax.plot([shown], [y], "x", ms=8, mew=2, color="tab:red")
            if shown != worst:  # the worst lies beyond the axis: say how far, in words
                ax.annotate(
                    f"{worst:.3f}", (shown, y), xytext=(7 if worst < low else -7, -3),
                    textcoords="offset points", fontsize=7, ha="left" if worst < low else "right",
                    va="top",
                )  # fmt: skip
        nominal = 0.95 if kind == "coverage" else 0.05
        ax.axvline(nominal, color="k", lw=1, ls="--")
        ax.set_yticks(range(len(mine)))
        ax.set_yticklabels([_label(f, m) for f, m, _ in mine], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(low, high)
        if kind == "coverage":
            ax.set_xlabel(f"coverage of the 95 % interval (zoomed: {low:g}–1)")
        else:
            ax.set_xlabel(f"size at level 5 % (zoomed: 0–{high:g})")
        ax.grid(axis="x", alpha=0.3)
    from matplotlib.lines import Line2D

    handles = [
        Line2D([], [], ls="", marker="o", color="tab:blue", alpha=0.6, label="one setting"),
        Line2D([], [], ls="", marker="<", color="tab:blue", label="settings beyond the axis"),
        Line2D([], [], ls="", marker="x", color="tab:red", mew=2, label="worst setting"),
        Line2D([], [], ls="--", color="k", lw=1, label="nominal (95 % coverage, 5 % size)"),
    ]
    fig.legend(handles=handles, loc="lower center", ncol=4, fontsize=8, frameon=False)
    title = (
        f"{FAMILIES[module]}: where the dots fall left of (coverage) or right of (size) the "
        "dashed line, the promise is broken"
    )
    fig.suptitle(textwrap.fill(title, 130), fontsize=9)
    fig.tight_layout(rect=(0, 0.07, 0.985, 1))
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


def models_list(module: str) -> str:
    """The data-generating model of each of a module's functions, as a Markdown list."""
    seen: dict[str, str] = {}
    for r in atlas.rows():
        if r.function.startswith(module + ".") and r.function not in seen:
            seen[r.function] = r.model
    items = [
        f"- `{name.split('.', 1)[1]}`: {model or 'not stated'}" for name, model in seen.items()
    ]
    return "What was simulated or enumerated (the table's `model` column):\n\n" + "\n".join(items)


#: the one-rate methods the lookup's figure draws, with their names in the legend
FIGURE_METHODS = {
    "clopper-pearson": "Clopper–Pearson",
    "wilson": "Wilson",
    "jeffreys": "Jeffreys",
    "mid-p": "mid-p",
}


def lookup_figure(path: Path) -> str:
    """Exact coverage near 47 of 50, zoomed on 0.85–1; returns the figure's text alternative."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from evalkit import intervals
    from evalkit.plots import COLORS, LINESTYLES, SERIES

    look = atlas.compare(**EXAMPLE)
    successes, trials = EXAMPLE["successes"], EXAMPLE["trials"]
    estimate, low, high = atlas._near(successes, trials)
    rates = atlas._rates(low, high, trials, estimate, atlas.NEAR_POINTS)
    fig, ax = plt.subplots(figsize=(9.5, 4.2))
    for i, (method, name) in enumerate(FIGURE_METHODS.items()):
        curve = intervals.coverage(method, trials, rates)
        c = look.choice(method)
        label = f"{name} (width {c.width:.3f}; lowest {c.worst:.3f} at {c.worst_at})"
        ax.plot(rates, curve, color=COLORS[SERIES[i]], ls=LINESTYLES[i], lw=1.4, label=label)
    ax.axhline(0.95, color=COLORS["reference"], lw=1, ls="--", label="nominal 95 %")
    ax.axvline(estimate, color=COLORS["reference"], lw=1, ls=":")
    ax.annotate(f"observed {successes}/{trials} = {estimate:g}", (estimate, 0.855),
                xytext=(4, 0), textcoords="offset points", fontsize=8)  # fmt: skip
    ax.set_ylim(COVERAGE_FROM, 1.0)
    ax.set_xlim(low, high)
    ax.set_xlabel(f"true accuracy p (the estimate ± 2 standard errors: {low:.3f} to {high:g})")
    ax.set_ylabel(f"exact coverage at K = {trials} (zoomed on {COVERAGE_FROM:g}–1)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower left", framealpha=0.9)
    fig.suptitle(f"Which interval for {successes} of {trials}? Exact coverage near the estimate",
                 fontsize=10)  # fmt: skip
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    cp, wilson = look.choice("clopper-pearson"), look.choice("wilson")
    return (
        f"Exact coverage of four intervals for true accuracies {low:.3f} to 1 at K = {trials}, "
        f"zoomed on 0.85–1: Clopper–Pearson stays above 95 % (lowest {cp.worst:.3f}), Wilson "
        f"dips to {wilson.worst:.3f} at {wilson.worst_at}"
    )


def lookup_table(look: atlas.Lookup) -> str:
    """The lookup's table as HTML (class ``evalkit-atlas``, as the families' tables)."""
    lines = look._lines()
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in lines[0])
    body = "\n".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
        for row in lines[1:]
    )
    return f"<table class='evalkit-atlas'>\n<tr>{head}</tr>\n{body}\n</table>"


def lookup_section(figures: Path) -> str:
    """The page's first section: the lookup for 47 of 50, and its other three questions."""
    look = atlas.compare(**EXAMPLE)
    alt = lookup_figure(figures / "lookup.png")
    call = ", ".join(f"{k}={v}" for k, v in EXAMPLE.items())
    parts = [
        "## Which interval should I use for my counts?\n\n"
        "The summaries below range over many settings; you have one. "
        "`evalkit.atlas.compare` computes, for your counts, every method's interval and its "
        "exact coverage for the true values near your estimate (within two standard errors of "
        "it), and names the course's recommendation with its reason:\n\n"
        f"```python\nfrom evalkit import atlas\nprint(atlas.compare({call}))\n```\n\n"
        f"![{html.escape(alt)}](atlas_figures/lookup.png)\n\n"
        f"{html.escape(look.question)}: estimate {look.estimate:.4f}; near = "
        f"{html.escape(look.near)}.\n\n"
        f"```{{raw}} html\n<div class='evalkit-table-wrap'>\n{lookup_table(look)}\n</div>\n```\n\n"
        f"**Recommended** (marked \\*): {look.reason}\n"
    ]
    for title, kwargs, code in OTHER_EXAMPLES:
        other = atlas.compare(**kwargs)
        parts.append(f"### {title}\n\n```python\natlas.{code}\n```\n\n```text\n{other}\n```\n")
    return "\n".join(parts)


def write_page(src: Path) -> str:
    """Write ``atlas.md`` and its figures into the book's source folder; return the page's name."""
    figures = src / "atlas_figures"
    figures.mkdir(exist_ok=True)
    parts = [f"# {TITLE}\n\n{INTRO}\n", lookup_section(figures)]
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
            f"{models_list(module)}\n\n"
            f"```{{raw}} html\n<div class='evalkit-table-wrap'>\n{summary_table(module)}\n"
            "</div>\n```\n"
        )
    (src / "atlas.md").write_text("\n".join(parts), encoding="utf-8")
    return "atlas"
