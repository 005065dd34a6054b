"""The report's figure: the panels of ``plot()``, drawn into a new figure or given axes.

matplotlib is imported only when a figure is drawn (``import evalkit`` stays free of it).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from evalkit._validation import check_choice
from evalkit.report.shapes import OneClassifier, TwoClassifiers
from evalkit.report.wording import label_text, level_text, pvalue_text

#: The places the accuracy panel's legend can be asked for (the strings of matplotlib's ``loc``).
LEGEND_LOCATIONS = (
    "best",
    "upper right",
    "upper left",
    "lower left",
    "lower right",
    "right",
    "center left",
    "center right",
    "lower center",
    "upper center",
    "center",
)


def _panel_names(reports: list[OneClassifier], comp: TwoClassifiers | None) -> tuple[str, ...]:
    """The panels of the overview figure, in their order (row by row)."""
    last = "roc" if reports[0].roc_curve is not None else "recall"
    if comp is None:
        return ("accuracy", "confusion", last)
    return ("accuracy", "difference", "agreement", last)


def _check_axes(axes: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """{panel name: matplotlib Axes} from ``axes``: one Axes per panel, or a dict of some panels."""
    from matplotlib.axes import Axes

    listed = ", ".join(repr(name) for name in names)
    shape = "a row of three" if len(names) == 3 else "a 2 × 2 grid"
    if isinstance(axes, dict):
        if not axes:
            raise ValueError(f"axes must name at least one of the panels {listed}; got {{}}")
        for name in axes:
            if name not in names:
                raise ValueError(
                    f"axes must map panel names ({listed}) to Axes; got the key {name!r}"
                )
        panels = dict(axes)
    else:
        if isinstance(axes, (Axes, str, bytes)):
            flat = [axes]
        else:
            try:
                flat = list(np.asarray(axes, dtype=object).ravel())
            except (TypeError, ValueError):  # ragged nesting
                flat = [axes]
        if len(flat) != len(names):
            raise ValueError(
                f"axes must be {len(names)} matplotlib Axes ({shape}, for the panels {listed}) "
                f"or a dict of some of them; got {len(flat)} item(s)"
            )
        panels = dict(zip(names, flat, strict=True))
    for name, ax in panels.items():
        if not isinstance(ax, Axes):
            raise TypeError(
                f"axes must hold matplotlib Axes; got {type(ax).__name__} {ax!r:.60} for the "
                f"panel {name!r}"
            )
    if len({id(ax.figure) for ax in panels.values()}) != 1:
        raise ValueError("axes must all belong to one figure; got Axes of several figures")
    return panels


def draw(
    reports: list[OneClassifier],
    comp: TwoClassifiers | None,
    axes: Any = None,
    legend_loc: str = "best",
) -> Any:
    from evalkit.plots import COLORS

    check_choice(legend_loc, "legend_loc", LEGEND_LOCATIONS)
    names = _panel_names(reports, comp)
    if axes is None:
        import matplotlib.pyplot as plt

        if comp is None:
            _, axes = plt.subplots(1, 3, figsize=(12.0, 3.8), layout="constrained")
        else:
            _, axes = plt.subplots(2, 2, figsize=(10.0, 7.2), layout="constrained")
    panels = _check_axes(axes, names)
    colors = [COLORS["a"], COLORS["b"]]
    level = level_text(reports[0].confidence)
    for name, ax in panels.items():
        _empty(ax)
        if name == "accuracy":
            _panel_accuracy(ax, reports, colors, level, legend_loc)
        elif name == "difference":
            _panel_difference(ax, comp, COLORS["reference"], level)
        elif name == "agreement":
            _panel_agreement(ax, comp)
        elif name == "confusion":
            _panel_confusion(ax, reports[0])
        elif name == "roc":
            _panel_roc(ax, reports, colors, COLORS["reference"])
        else:
            _panel_recall(ax, reports, colors)
    return next(iter(panels.values())).figure


def _empty(ax: Any) -> None:
    """Remove what an earlier :func:`draw` drew in ``ax``; its ticks and spines stay.

    Quicker than ``ax.clear()``, which rebuilds the ticks: a widget redraws the same panels on
    every update. The data limits are reset, so that autoscaling fits the new data only.
    """
    for container in list(ax.containers):
        container.remove()
    for artist in [*ax.lines, *ax.collections, *ax.images, *ax.texts, *ax.patches]:
        artist.remove()
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    ax.relim()


def _panel_accuracy(
    ax: Any, reports: list[OneClassifier], colors: list[str], level: str, legend_loc: str
) -> None:
    """Each accuracy with its Clopper–Pearson and Wilson intervals (or, with groups, its clustered
    interval), one row per classifier."""
    for i, r in enumerate(reports):
        drawn = [(r.clopper_pearson, -0.08, "o"), (r.wilson, 0.08, "D")]
        if r.clustered is not None:
            drawn = [(r.clustered, 0.0, "s")]
        for ci, offset, style in drawn:
            label = {"o": "Clopper–Pearson", "D": "Wilson", "s": f"clustered ({ci.method})"}
            ax.errorbar(
                [100 * r.accuracy],
                [i + offset],
                xerr=[[100 * (r.accuracy - ci.low)], [100 * (ci.high - r.accuracy)]],
                fmt=style,
                color=colors[i],
                capsize=4,
                mfc="white" if style == "D" else colors[i],
                label=f"{r.name}: {label[style]}",
            )
    ax.set_yticks(range(len(reports)), [r.name for r in reports])
    ax.set_ylim(-0.6, len(reports) - 0.4)
    ax.set_xlabel("accuracy (%)")
    ax.set_title(f"Accuracy with {level} intervals")
    ax.legend(loc=legend_loc, fontsize=8)


def _panel_difference(ax: Any, comp: Any, color: str, level: str) -> None:
    """The difference of the accuracies with its interval, against 0; McNemar's p in the title."""
    d = comp.difference
    ax.errorbar(
        [100 * d.estimate],
        [0],
        xerr=[[100 * (d.estimate - d.low)], [100 * (d.high - d.estimate)]],
        fmt="s",
        color=color,
        capsize=6,
        label=f"{level} {'Newcombe paired' if comp.groups is None else 'cluster-robust'} interval",
    )
    ax.axvline(0, color="k", lw=1, ls=":", label="no difference")
    ax.set_yticks([0], [f"{comp.names[0]} − {comp.names[1]}"])
    ax.set_ylim(-1, 1)
    ax.set_xlabel("difference of accuracies (percentage points)")
    ax.set_title(f"Difference; McNemar {pvalue_text(comp.mcnemar.pvalue)}")
    ax.legend(loc="upper left", fontsize=8)


def _panel_agreement(ax: Any, comp: Any) -> None:
    """The paired agreement table (both right, only one right, both wrong)."""
    table = comp.agreement
    ax.imshow(np.log1p(table), cmap="Blues", vmin=0, vmax=np.log1p(table.max()) * 1.3)
    text = [["both right", f"only {comp.names[0]}"], [f"only {comp.names[1]}", "both wrong"]]
    for i in range(2):
        for j in range(2):
            ax.text(j, i, f"{text[i][j]}\n{table[i, j]}", ha="center", va="center")
    ax.set_xticks([0, 1], ["right", "wrong"])
    ax.set_yticks([0, 1], ["right", "wrong"])
    ax.set_xlabel(comp.names[1])
    ax.set_ylabel(comp.names[0])
    ax.set_title(f"Agreement: {comp.discordant} discordant items")
    ax.grid(False)


def _panel_confusion(ax: Any, r: OneClassifier) -> None:
    """The confusion matrix of one classifier (counts)."""
    conf = r.confusion
    ax.imshow(np.log1p(conf), cmap="Blues", vmin=0, vmax=np.log1p(conf.max()) * 1.3)
    for i in range(conf.shape[0]):
        for j in range(conf.shape[1]):
            ax.text(j, i, str(conf[i, j]), ha="center", va="center")
    ticks = [label_text(c) for c in r.classes]
    ax.set_xticks(range(len(ticks)), ticks)
    ax.set_yticks(range(len(ticks)), ticks)
    ax.set_xlabel("predicted class")
    ax.set_ylabel("true class")
    ax.set_title("Confusion matrix (counts)")
    ax.grid(False)


def _panel_roc(ax: Any, reports: list[OneClassifier], colors: list[str], chance: str) -> None:
    """The ROC curve of each classifier with its AUC, and the chance diagonal."""
    for i, r in enumerate(reports):
        c = r.roc_curve
        ax.plot(c.fpr, c.tpr, color=colors[i], label=f"{r.name}: AUC {r.auc.estimate:.3f}")
    ax.plot([0, 1], [0, 1], color=chance, lw=1, ls="--", label="chance")
    ax.set_xlabel("false-positive rate")
    ax.set_ylabel("true-positive rate")
    ax.set_title(f"ROC curves (positive class {label_text(reports[0].positive)})")
    ax.legend(loc="lower right", fontsize=8)


def _panel_recall(ax: Any, reports: list[OneClassifier], colors: list[str]) -> None:
    """Recall per class, one bar per classifier."""
    width = 0.8 / len(reports)
    ticks = [label_text(c) for c in reports[0].classes]
    x = np.arange(len(ticks))
    for i, r in enumerate(reports):
        ax.bar(
            x + (i - (len(reports) - 1) / 2) * width,
            r.recall,
            width,
            color=colors[i],
            label=r.name,
        )
    ax.set_xticks(x, ticks)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("true class")
    ax.set_ylabel("recall")
    ax.set_title("Recall per class")
    ax.legend(loc="lower right", fontsize=8)
