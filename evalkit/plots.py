"""The course's figure style and shared plotting helpers (imports matplotlib).

Nothing here runs at import time except importing matplotlib: the style is applied only when a
notebook calls :func:`use_course_style`, so importing evalkit never changes global state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = [
    "COLORS",
    "LINESTYLES",
    "SERIES",
    "LiveFigure",
    "bootstrap_accuracy_figure",
    "calibration_threshold_figure",
    "course_style",
    "coverage_curve_figure",
    "coverage_maps_figure",
    "draw_decision_regions",
    "fisher_null_figure",
    "interval_bars_figure",
    "margin_outcomes_figure",
    "margin_verdict",
    "paired_tests_figure",
    "use_course_style",
]

#: Colours used consistently across the notebooks (colour-blind safe, Okabe–Ito palette).
COLORS = {
    "a": "#0072B2",  # classifier A, the first method
    "b": "#D55E00",  # classifier B, the second method
    "c": "#009E73",
    "d": "#CC79A7",
    "e": "#E69F00",
    "f": "#56B4E9",
    "reference": "#555555",  # nominal levels, diagonals, published values
    "highlight": "#F0E442",
}


#: The series colours, in the order the colour cycle uses them.
SERIES = ("a", "b", "c", "d", "e", "f")
#: The line styles the cycle pairs with them, so that no series is told apart by colour alone
#: (solid, dashed, dash-dot, dotted, long dashes, dash-dot-dot).
LINESTYLES = ("-", "--", "-.", ":", (0, (8, 2)), (0, (4, 1, 1, 1, 1, 1)))


def course_style() -> dict[str, Any]:
    """The rcParams the course uses: figure size, resolution, fonts, grid, colour cycle.

    Examples
    --------
    >>> course_style()["figure.dpi"]
    100
    """
    from cycler import cycler

    palette = [COLORS[k] for k in SERIES]
    return {
        "figure.figsize": (7.0, 4.0),
        "figure.dpi": 100,
        "savefig.dpi": 100,
        "figure.constrained_layout.use": True,
        "font.size": 11,
        "axes.titlesize": 12,
        "axes.labelsize": 11,
        "legend.fontsize": 10,
        "xtick.labelsize": 10,
        "ytick.labelsize": 10,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "axes.spines.top": False,
        "axes.spines.right": False,
        # colour and line style change together: series differ by more than colour
        "axes.prop_cycle": cycler(color=palette) + cycler(linestyle=LINESTYLES),
        "lines.linewidth": 2.0,
        "image.cmap": "viridis",
    }


def use_course_style() -> None:
    """Apply :func:`course_style` to matplotlib (call once at the top of a notebook).

    Examples
    --------
    >>> use_course_style()
    >>> import matplotlib as mpl
    >>> mpl.rcParams["axes.grid"]
    True
    """
    import matplotlib as mpl

    mpl.rcParams.update(course_style())


class LiveFigure:
    """A widget's figure: made once, then updated in place and shown as one PNG per update.

    A widget that builds a new figure on every slider move pays for the figure, its axes and
    every artist each time, and the notebook's inline backend draws each figure twice (it crops
    the picture with ``bbox_inches="tight"``, which needs a draw to measure). ``LiveFigure``
    makes the figure and its axes once; the widget creates its artists once and then only
    changes their data (``line.set_data``, ``bar.set_height``, ``ax.set_title`` …) and calls
    :meth:`show`, which draws the figure once into a PNG and displays it. The first
    :meth:`show` lays the figure out (constrained layout, as the course style does), and the
    layout is then kept (``freeze_layout=True``), so later draws skip the layout engine: give
    titles a fixed number of lines so that the kept layout fits every update; the picture is the
    whole figure (not cropped as the inline backend crops), so labels must fit inside it.
    :meth:`lay_out` makes that first layout explicitly and also keeps titles and axis labels
    in place, so that a draw does not measure the tick labels again to place them.

    The figure is not registered with pyplot, so the inline backend never shows it a second
    time at the end of a cell, and ``plt.close`` does not affect it.

    Parameters
    ----------
    nrows, ncols : int
        The grid of axes, as in :func:`matplotlib.pyplot.subplots`.
    figsize : tuple of float, optional
        Width and height in inches; the course style's (7, 4) when omitted.
    freeze_layout : bool
        Keep the layout of the first :meth:`show` for every later one (default) instead of
        running the layout engine on every draw.
    **subplot_kw
        Passed to :meth:`matplotlib.figure.Figure.subplots` (``sharex``, ``width_ratios`` …).

    Attributes
    ----------
    figure : matplotlib.figure.Figure
    axes : matplotlib.axes.Axes or numpy.ndarray of Axes
        As :func:`matplotlib.pyplot.subplots` returns them (one Axes for a 1 × 1 grid).

    Examples
    --------
    >>> import numpy as np
    >>> live = LiveFigure(figsize=(4, 3))
    >>> (line,) = live.axes.plot([0, 1], [0, 1])
    >>> png = live.png()  # the first draw lays the figure out
    >>> line.set_ydata([1, 0])  # an update changes the data of the artists ...
    >>> png[:4] == b"\\x89PNG" and live.png() != png  # ... and draws once more
    True
    """

    def __init__(
        self,
        nrows: int = 1,
        ncols: int = 1,
        *,
        figsize: tuple[float, float] | None = None,
        freeze_layout: bool = True,
        **subplot_kw: Any,
    ) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        from evalkit._validation import as_count

        nrows = as_count(nrows, "nrows", minimum=1)
        ncols = as_count(ncols, "ncols", minimum=1)
        if not isinstance(freeze_layout, bool):
            raise TypeError(f"freeze_layout must be True or False, got {freeze_layout!r}")
        self.figure = Figure(figsize=figsize, layout="constrained")
        self._canvas = FigureCanvasAgg(self.figure)
        self.axes = self.figure.subplots(nrows, ncols, squeeze=True, **subplot_kw)
        self._freeze_layout = freeze_layout
        self._laid_out = False

    def png(self) -> bytes:
        """Draw the figure once and return it as PNG bytes (at the figure's ``dpi``).

        The first call lays the figure out (matplotlib's ``savefig``: a measuring pass, then
        the draw); later calls with the layout kept draw once with the Agg canvas directly,
        because ``savefig`` makes its measuring pass whenever a figure has any layout engine.
        """
        import io

        buffer = io.BytesIO()
        if self._laid_out and self._freeze_layout:
            self._canvas.print_png(buffer)
        else:
            self.figure.savefig(buffer, format="png", dpi=self.figure.dpi)
            if self._freeze_layout:
                self.figure.set_layout_engine("none")  # keep the positions just computed
        self._laid_out = True
        return buffer.getvalue()

    def lay_out(self) -> None:
        """Lay the figure out now, and keep every title and axis label where the layout put them.

        Call it once, after making the artists with the longest titles and labels that any
        update will show (and the largest tick labels), before the first :meth:`show`. Without
        it, each draw measures all tick labels again to place the titles and axis labels above
        and beside them; with it, an update of the data only draws. Titles (the centre one of
        each axes) stay on one line at the top of their axes (``y=1.0``), and axis labels at the
        coordinates of this first layout.

        Examples
        --------
        >>> live = LiveFigure(figsize=(4, 3))
        >>> (line,) = live.axes.plot([0, 1], [0, 1])
        >>> _ = live.axes.set(title="the longest title of any update", xlabel="x", ylabel="y")
        >>> live.lay_out()
        >>> where = live.axes.yaxis.label.get_position()
        >>> line.set_ydata([0, 1000])  # an update with wider tick labels
        >>> _ = live.axes.set_ylim(0, 1000)
        >>> png = live.png()
        >>> live.axes.yaxis.label.get_position() == where
        True
        """
        self.png()
        for ax in self.figure.axes:
            ax.set_title(ax.get_title(), y=1.0, fontsize=ax.title.get_fontsize())
            for axis in (ax.xaxis, ax.yaxis):
                label = axis.label
                axis.set_label_coords(*label.get_position(), transform=label.get_transform())

    def show(self) -> None:
        """Display the figure as it is now (one PNG) in the cell's or the widget's output."""
        from IPython.display import Image, display

        display(Image(data=self.png(), format="png"))


def _format_pvalue(pvalue: float) -> str:
    """A p-value for a figure label: four decimals, scientific below 0.001, NaN as undefined."""
    if pvalue != pvalue:  # NaN: the test is undefined on this table
        return "undefined"
    return f"{pvalue:.4f}" if pvalue >= 0.001 else f"{pvalue:.2e}"


def paired_tests_figure(
    test_names: Sequence[str],
    *,
    level: float = 0.05,
    p_floor: float = 1e-16,
    figsize: tuple[float, float] = (11.0, 4.2),
) -> Callable[..., LiveFigure]:
    """The figure of notebook 04's widget: every paired test on one agreement table.

    Left, the null distribution of b (items only classifier 1 gets right) given the
    m = b + c discordant items, Bin(m, 1/2), with the outcomes as or less likely than the
    observed b (hatched: what the exact p-value sums), the normal curve with the null variance
    (McNemar's χ²) and the one with Günter's variance taken from the data. Right, one bar per
    test from ``p_floor`` to its p-value on a log scale, hatched and coloured when the p-value
    is at most ``level``, with the value written on it; p-values below the floor get a marker
    at the floor.

    The figure and its artists are made once (a :class:`LiveFigure`); the returned function
    changes their data for a new table and returns the figure, whose
    :meth:`LiveFigure.show` displays it (one draw per slider move).

    Parameters
    ----------
    test_names : sequence of str
        The tests, one bar each, top to bottom; the keys of the p-values passed to ``draw``.
    level : float
        Significance level α in (0, 1), drawn as a dotted line.
    p_floor : float
        The lower end of the p-value axis (0 < p_floor < level).
    figsize : tuple of float
        Width and height in inches.

    Returns
    -------
    draw : callable
        ``draw(only1, only2, size, pvalues, *, note=False)``: b, c, the number of test items K
        and a mapping from each test name to its p-value (NaN: undefined); ``note=True`` adds
        "(c > b: see the note)" to the title of the bars. Returns the :class:`LiveFigure`.

    Examples
    --------
    >>> draw = paired_tests_figure(["McNemar mid-p (two-sided)", "Günter paired (one-sided)"])
    >>> live = draw(10, 0, 100, {"McNemar mid-p (two-sided)": 9.8e-4,
    ...                          "Günter paired (one-sided)": 4.3e-4})
    >>> live.png()[:4] == b"\\x89PNG"
    True
    >>> live = draw(0, 0, 100, {"McNemar mid-p (two-sided)": 1.0,
    ...                         "Günter paired (one-sided)": float("nan")})
    """
    import numpy as np
    from matplotlib.ticker import MaxNLocator, NullLocator, StrMethodFormatter
    from scipy import stats

    names = list(test_names)
    if not names:
        raise ValueError("test_names must name at least one test, got an empty sequence")
    if not 0 < level < 1:
        raise ValueError(f"level must lie in (0, 1), got {level!r}")
    if not 0 < p_floor < level:
        raise ValueError(f"p_floor must lie in (0, level = {level!r}), got {p_floor!r}")
    margins = {"left": 0.075, "right": 0.985, "bottom": 0.12, "top": 0.93, "wspace": 0.42}
    margins["width_ratios"] = [1.1, 1]
    live = LiveFigure(1, 2, figsize=figsize, gridspec_kw=margins)
    live.figure.set_layout_engine("none")  # fixed margins: no layout engine on each draw
    null_ax, p_ax = live.axes

    # left: the null distribution of b, split into the outcomes the exact p-value sums and the rest
    steps = {"fill": True}
    null_rest = null_ax.stairs(
        [0], [0, 1], color=COLORS["reference"], alpha=0.4, **steps,
        label="Bin(b + c, 1/2): null distribution",
    )  # fmt: skip
    null_extreme = null_ax.stairs(
        [0], [0, 1], color=COLORS["b"], alpha=0.6, hatch="//", **steps,
        label="as or less likely than b (exact p)",
    )  # fmt: skip
    (normal_null,) = null_ax.plot(
        [], [], color=COLORS["a"], ls="-", label="normal, null variance (McNemar χ²)"
    )
    (normal_guenter,) = null_ax.plot(
        [], [], color=COLORS["e"], ls="--", label="normal, Günter's variance"
    )
    observed = null_ax.axvline(0, color="black", lw=1.5, ls="-.", label="observed b")
    legend = null_ax.legend(fontsize=7.5, loc="upper left")
    empty = null_ax.text(
        0.5, 0.5, "no discordant items:\nnothing to test", ha="center", transform=null_ax.transAxes
    )
    null_ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # counts are whole numbers
    null_ax.yaxis.set_major_locator(MaxNLocator("auto", steps=[1, 2, 5, 10]))
    null_ax.yaxis.set_major_formatter(StrMethodFormatter("{x:.2f}"))  # labels of one width
    null_ax.set_xlabel("b = items only classifier 1 gets right")
    null_ax.set_ylabel("probability under the null")

    # right: one bar per test from the floor to its p-value (log scale), the value written on it
    rows = np.arange(len(names))
    bars = p_ax.barh(rows, np.ones(len(rows)), left=p_floor)
    texts = [p_ax.text(0, row, "", va="center", fontsize=8) for row in rows]
    (floor_marks,) = p_ax.plot(
        [], [], "<", color="black", ms=8, label=f"p < {p_floor:.0e} (drawn at the floor)"
    )
    p_ax.axvline(level, color=COLORS["b"], lw=1, ls=":", label=f"α = {100 * level:g} %")
    p_ax.set_xscale("log")
    p_ax.set_xlim(p_floor / 3, 3)
    exponents = np.arange(0, np.log10(p_floor) - 1, -4)[::-1].astype(int)  # every 4 decades
    superscript = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
    tick_labels = [f"10{str(e).translate(superscript)}" if e else "1" for e in exponents]
    p_ax.set_xticks(10.0**exponents, tick_labels)
    p_ax.xaxis.set_minor_locator(NullLocator())  # fewer texts to draw
    row_labels = [s.replace(" (", "\n(").replace(" = ", " =\n") for s in names]
    p_ax.set_yticks(rows, row_labels, fontsize=8)
    p_ax.set_ylim(len(rows) + 0.4, -0.6)  # top to bottom, a free row below for the legend
    p_ax.set_xlabel(f"p-value (log scale; hatched blue bars: p ≤ {100 * level:g} %)")
    p_ax.legend(fontsize=8, loc="lower right")
    live.lay_out()

    def draw(
        only1: int, only2: int, size: int, pvalues: Mapping[str, float], *, note: bool = False
    ) -> LiveFigure:
        m = only1 + only2
        for artist in (null_rest, null_extreme, normal_null, normal_guenter, observed, legend):
            artist.set_visible(m > 0)
        empty.set_visible(m == 0)
        if m > 0:
            pmf = stats.binom.pmf(np.arange(m + 1), m, 0.5)
            extreme = pmf <= pmf[only1] * (1 + 1e-7)
            edges = np.arange(m + 2) - 0.5  # one step per count: two artists, however large m
            null_rest.set_data(np.where(extreme, 0, pmf), edges)
            null_extreme.set_data(np.where(extreme, pmf, 0), edges)
            x = np.linspace(-0.5, m + 0.5, 400)
            normal_null.set_data(x, stats.norm.pdf(x, m / 2, np.sqrt(m) / 2))
            guenter_var = m - (only1 - only2) ** 2 / size  # Günter's variance of b − c, in counts
            if guenter_var > 0:
                normal_guenter.set_data(x, stats.norm.pdf(x, m / 2, np.sqrt(guenter_var) / 2))
                legend.get_texts()[3].set_text("normal, Günter's variance")
            else:
                normal_guenter.set_data([], [])
                legend.get_texts()[3].set_text("Günter's variance is 0: Z infinite")
            observed.set_xdata([only1] * 2)
            legend.get_texts()[4].set_text(f"observed b = {only1}")
            null_ax.set(xlim=(-0.5, m + 0.5), ylim=(0, 1.8 * pmf.max()))
        else:
            null_ax.set(xlim=(-0.5, 0.5), ylim=(0, 1))
        null_ax.set_title(f"Null distribution of b given b + c = {m}", y=1.0)

        raw = np.array([pvalues[name] for name in names], dtype=float)
        values = np.clip(np.nan_to_num(raw, nan=0.0), p_floor, 1)
        floored = raw < p_floor
        for bar, text, row, p, v in zip(bars, texts, rows, raw, values, strict=True):
            bar.set_width(0 if np.isnan(p) else v)
            bar.set_facecolor(COLORS["a"] if p <= level else COLORS["reference"])
            bar.set_hatch("//" if p <= level else "")
            inside = v > 1e-9 and not np.isnan(p)  # the label inside a long bar, after a short one
            text.set_position((2 * p_floor if inside else 30 * v, row))
            text.set_color("white" if inside else "black")
            text.set_text(f"p < {p_floor:.0e}" if floored[row] else f"p = {_format_pvalue(p)}")
        floor_marks.set_data(np.full(floored.sum(), p_floor), rows[floored])
        title = "All tests on this table" + (" (c > b: see the note)" if note else "")
        p_ax.set_title(title, y=1.0)
        return live

    return draw


def interval_bars_figure(
    labels: Sequence[str],
    *,
    colors: Sequence[str] | None = None,
    xlabel: str = "true accuracy x",
    figsize: tuple[float, float] = (7.5, 4.4),
) -> Callable[..., LiveFigure]:
    """The figure of notebook 02's first widget: one horizontal bar per interval method.

    One row per label, top to bottom: a bar from the interval's lower to its upper limit with
    the two limits written to the right of the axes, or, for a method that is undefined at the
    inputs, a short message in place of the bar; a dashed vertical line marks the estimate.
    The rows are named on the y-axis, so that no bar is told apart by its colour alone.

    The figure and its artists are made once (a :class:`LiveFigure`); the returned function
    changes their data and returns the figure, whose :meth:`LiveFigure.show` displays it (one
    draw per slider move).

    Parameters
    ----------
    labels : sequence of str
        The row names (the methods), top to bottom; the keys of the limits passed to ``draw``.
    colors : sequence of str, optional
        One colour per row; the course's series colours in turn when omitted.
    xlabel : str
        The label of the x-axis.
    figsize : tuple of float
        Width and height in inches.

    Returns
    -------
    draw : callable
        ``draw(limits, *, estimate, title, estimate_label="estimate")``: ``limits`` maps each
        label to a pair ``(low, high)`` or to a string that says why there is no interval;
        ``estimate`` is the point estimate (the dashed line, named ``estimate_label`` and its
        value in the legend) and ``title`` the axes' title. The x-axis shows the defined
        intervals with a margin of 0.05, within [0, 1]. Returns the :class:`LiveFigure`.

    Examples
    --------
    >>> draw = interval_bars_figure(["wald", "wilson"])
    >>> live = draw({"wald": (0.69, 0.91), "wilson": "undefined here"}, estimate=0.8,
    ...             title="two intervals")
    >>> live.png()[:4] == b"\\x89PNG"
    True
    """
    names = list(labels)
    if not names:
        raise ValueError("labels must name at least one row, got an empty sequence")
    if colors is None:
        colors = [COLORS[SERIES[i % len(SERIES)]] for i in range(len(names))]
    colors = list(colors)
    if len(colors) != len(names):
        raise ValueError(f"colors must give one colour per label ({len(names)}), got {len(colors)}")
    live = LiveFigure(figsize=figsize)
    ax = live.axes
    rows = range(len(names))
    bars = ax.hlines(rows, 0, 0, colors=colors, linewidth=5, capstyle="butt")  # one artist
    limit_texts = [
        ax.text(1.01, row, "", va="center", fontsize=9, transform=ax.get_yaxis_transform())
        for row in rows
    ]
    reason_texts = [
        ax.text(0.02, row, "", va="center", fontsize=9, color=COLORS["reference"],
                transform=ax.get_yaxis_transform())
        for row in rows
    ]  # fmt: skip
    estimate_line = ax.axvline(0, color=COLORS["reference"], linestyle="--", label="estimate")
    ax.set_yticks(list(rows), names)
    ax.set_ylim(len(names) - 0.5, -0.5)  # the first label on top
    ax.set_xlabel(xlabel)
    legend = ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=9)

    def draw(
        limits: Mapping[str, Any], *, estimate: float, title: str, estimate_label: str = "estimate"
    ) -> LiveFigure:
        segments, lows, highs = [], [], []
        for row, name in enumerate(names):
            value = limits[name]
            if isinstance(value, str):  # a short message in place of the bar
                segments.append([(float("nan"), row), (float("nan"), row)])
                limit_texts[row].set_text("")
                reason_texts[row].set_text(value)
            else:
                low, high = (float(v) for v in value)
                segments.append([(low, row), (high, row)])
                lows.append(low)
                highs.append(high)
                limit_texts[row].set_text(f"{low:.3f} – {high:.3f}")
                reason_texts[row].set_text("")
        bars.set_segments(segments)
        estimate_line.set_xdata([estimate] * 2)
        legend.get_texts()[0].set_text(f"{estimate_label} {estimate:.3f}")
        low_end = min(lows, default=estimate) - 0.05
        high_end = max(highs, default=estimate) + 0.05
        ax.set_xlim(max(0.0, low_end), min(1.0, high_end))
        ax.set_title(title)
        return live

    return draw


def coverage_curve_figure(
    rates: Sequence[float],
    *,
    xlabel: str = "true accuracy x",
    ylabel: str = "coverage probability",
    figsize: tuple[float, float] | None = None,
) -> Callable[..., LiveFigure]:
    """The figure of notebook 02's coverage widget: one exact coverage curve, its nominal level
    and its mean.

    The coverage curve is drawn solid in the method's colour, the nominal level as a dashed grey
    line and the mean coverage over ``rates`` as a dotted line in the method's colour, each
    named in the legend. The y-axis runs from 0.05 below the lower of the curve's minimum and
    the nominal level up to 1, with ticks of two decimals.

    The figure and its artists are made once (a :class:`LiveFigure`); the returned function
    changes their data and returns the figure, whose :meth:`LiveFigure.show` displays it.

    Parameters
    ----------
    rates : sequence of float
        The true accuracies at which every curve passed to ``draw`` is evaluated.
    xlabel, ylabel : str
        The axis labels.
    figsize : tuple of float, optional
        Width and height in inches; the course style's when omitted.

    Returns
    -------
    draw : callable
        ``draw(curve, *, confidence, label, color, title)``: the coverage at each rate, the
        nominal level, the curve's name in the legend, its colour and the title. Returns the
        :class:`LiveFigure`.

    Examples
    --------
    >>> from evalkit.intervals import coverage
    >>> rates = [0.1, 0.5, 0.9]
    >>> draw = coverage_curve_figure(rates)
    >>> live = draw(coverage("wald", 50, rates), confidence=0.95, label="wald, K = 50",
    ...             color=COLORS["b"], title="Wald's coverage")
    >>> live.png()[:4] == b"\\x89PNG"
    True
    """
    import numpy as np
    from matplotlib.ticker import MaxNLocator, StrMethodFormatter

    grid = np.asarray(rates, dtype=float)
    if grid.ndim != 1 or grid.size == 0:
        raise ValueError(f"rates must be a non-empty sequence of numbers, got shape {grid.shape}")
    live = LiveFigure(figsize=figsize)
    ax = live.axes
    (curve_line,) = ax.plot(grid, grid, linewidth=0.8, linestyle="-", label="method")
    nominal_line = ax.axhline(0, color=COLORS["reference"], linestyle="--", label="nominal")
    mean_line = ax.axhline(0, linestyle=":", label="mean coverage")
    ax.set_xlim(0.0, 1.0)
    # ticks of 0.01 at the finest and labels of two decimals: the width of the first layout fits
    ax.yaxis.set_major_locator(MaxNLocator("auto", steps=[1, 2, 5, 10]))
    ax.yaxis.set_major_formatter(StrMethodFormatter("{x:.2f}"))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    legend = ax.legend(loc="lower center")

    def draw(
        curve: Sequence[float], *, confidence: float, label: str, color: str, title: str
    ) -> LiveFigure:
        values = np.asarray(curve, dtype=float)
        if values.shape != grid.shape:
            raise ValueError(
                f"curve must have one value per rate ({grid.size}), got {values.shape}"
            )
        mean = float(values.mean())
        curve_line.set_ydata(values)
        nominal_line.set_ydata([confidence] * 2)
        mean_line.set_ydata([mean] * 2)
        for line in (curve_line, mean_line, legend.legend_handles[0], legend.legend_handles[2]):
            line.set_color(color)
        texts = (label, f"nominal {confidence:.3f}", f"mean coverage {mean:.4f}")
        for text, words in zip(legend.get_texts(), texts, strict=True):
            text.set_text(words)
        ax.set_ylim(max(0.0, min(float(values.min()), confidence) - 0.05), 1.0)
        ax.set_title(title)
        return live

    return draw


def coverage_maps_figure(
    methods: Sequence[str],
    grid: Sequence[float],
    *,
    figsize: tuple[float, float] = (12.0, 4.0),
) -> Callable[..., LiveFigure]:
    """The figure of notebook 03's coverage widget: one exact-coverage map per interval method.

    One map per method over the true accuracies (x_A, x_B) of two independent test sets, on a
    diverging colour scale centred at 0.95 (blue above, red below, the darkest red at 0.80 and
    under), with one colour bar for all maps; each map's title names the method and states its
    lowest coverage in numbers, so the verdict does not rest on the colours alone.

    The figure and its artists are made once (a :class:`LiveFigure`); the returned function
    changes the colours of the maps and the texts and returns the figure, whose
    :meth:`LiveFigure.show` displays it (one draw per slider move).

    Parameters
    ----------
    methods : sequence of str
        The interval methods, one map each, left to right.
    grid : sequence of float
        The true accuracies of the grid, in (0, 1), the same for x_A and x_B.
    figsize : tuple of float
        Width and height in inches.

    Returns
    -------
    draw : callable
        ``draw(maps, size_a, size_b)``: ``maps`` maps each method to its coverage on the grid
        (an array ``cover[i, j]`` at x_A = grid[i], x_B = grid[j]); ``size_a``, ``size_b`` are
        the test-set sizes K_A, K_B written on the axes. Returns the :class:`LiveFigure`.

    Examples
    --------
    >>> import numpy as np
    >>> grid = np.linspace(0.05, 0.95, 5)
    >>> draw = coverage_maps_figure(["wald", "newcombe"], grid, figsize=(8, 3))
    >>> live = draw({"wald": np.full((5, 5), 0.9), "newcombe": np.full((5, 5), 0.95)}, 30, 5000)
    >>> live.axes[0].get_title()
    'wald: lowest 90 %'
    """
    import numpy as np
    from matplotlib.colors import TwoSlopeNorm

    names = list(methods)
    if not names:
        raise ValueError("methods must name at least one interval method, got an empty sequence")
    percent = 100 * np.asarray(grid, dtype=float)
    live = LiveFigure(1, len(names), figsize=figsize, sharey=True)
    axes = list(np.atleast_1d(live.axes))
    norm = TwoSlopeNorm(vmin=0.8, vcenter=0.95, vmax=1.0)  # below 80 %: darkest red
    blank = np.ones((percent.size, percent.size))
    meshes = [
        ax.pcolormesh(percent, percent, blank, cmap="RdBu", norm=norm, shading="nearest")
        for ax in axes
    ]
    colorbar = live.figure.colorbar(
        meshes[0], ax=axes, extend="min", label="exact coverage of 95 % interval"
    )
    colorbar.set_ticks([0.8, 0.85, 0.9, 0.95, 1.0])  # fewer, fixed ticks: less to draw
    colorbar.ax.minorticks_off()
    for ax in axes:
        ax.grid(False)  # no grid over the colours
        ax.set_xticks([0, 25, 50, 75, 100])
        ax.set_yticks([0, 25, 50, 75, 100])
    for ax in axes[1:]:
        ax.tick_params(left=False)  # the y-axis is shared: its labels are on the first map only
    live.figure.suptitle(
        f"Exact coverage of {len(names)} 95 % intervals for x_A − x_B: red is where an interval "
        "misses too often"
    )
    # the first layout with titles and labels as long as those of any update
    for ax, method in zip(axes, names, strict=True):
        ax.set_title(f"{method}: lowest 100 %")
    xlabel = live.figure.supxlabel("true accuracy of A, x_A (%), K_A = 10000")  # one for all
    axes[0].set_ylabel("true accuracy of B, x_B (%), K_B = 10000")
    live.lay_out()

    def draw(maps: Mapping[str, Any], size_a: int, size_b: int) -> LiveFigure:
        for ax, mesh, method in zip(axes, meshes, names, strict=True):
            cover = np.asarray(maps[method], dtype=float)
            mesh.set_array(cover.T)
            ax.set_title(f"{method}: lowest {100 * cover.min():.0f} %")
        xlabel.set_text(f"true accuracy of A, x_A (%), K_A = {size_a}")
        axes[0].set_ylabel(f"true accuracy of B, x_B (%), K_B = {size_b}")
        return live

    return draw


def fisher_null_figure(*, figsize: tuple[float, float] = (7.0, 4.6)) -> Callable[..., LiveFigure]:
    """The figure of notebook 03's test widget: Fisher's null distribution of one 2×2 table.

    One bar per possible number ν of correct results in A (the margins fixed), its height the
    hypergeometric probability T(ν | H0) of Wolff's eq. 22; the bars that Fisher's two-sided
    p-value sums (at most as probable as the observed table, eq. 23) are hatched and coloured,
    the others plain, and a dashed line marks the probability of the observed table.

    The figure and its artists are made once (a :class:`LiveFigure`); the returned function
    changes their data for a new table and returns the figure, whose :meth:`LiveFigure.show`
    displays it (one draw per slider move).

    Parameters
    ----------
    figsize : tuple of float
        Width and height in inches.

    Returns
    -------
    draw : callable
        ``draw(dist, title)``: ``dist`` is what :func:`evalkit.independent.fisher_null_distribution`
        returns (``values``, ``pmf``, ``counted``, ``observed``, ``pvalue``) and ``title`` the
        axes' title (give it a fixed number of lines). Returns the :class:`LiveFigure`.

    Examples
    --------
    >>> from evalkit.independent import fisher_null_distribution
    >>> draw = fisher_null_figure()
    >>> live = draw(fisher_null_distribution([[47, 40], [3, 10]]), "Wolff's example 1")
    >>> live.axes.get_legend().get_texts()[0].get_text()
    'summed: P(ν) ≤ P(n_A), p = 0.0713'
    """
    import numpy as np
    from matplotlib.collections import PolyCollection
    from matplotlib.ticker import MaxNLocator, StrMethodFormatter

    live = LiveFigure(figsize=figsize)
    ax = live.axes
    summed = ax.add_collection(
        PolyCollection([], facecolor=COLORS["b"], hatch="//", label="summed")
    )
    rest = ax.add_collection(
        PolyCollection([], facecolor=COLORS["f"], label="more probable than the observed table")
    )
    observed = ax.axhline(0, color=COLORS["reference"], lw=1, ls="--", label="observed")
    legend = ax.legend(handles=[summed, rest, observed], loc="upper left")
    ax.yaxis.set_major_locator(MaxNLocator("auto", steps=[1, 2, 5, 10]))
    ax.yaxis.set_major_formatter(StrMethodFormatter("{x:.2f}"))  # labels of one width
    ax.set_xlabel("ν = number correct in A (given the margins)")
    ax.set_ylabel("T(ν | H0)")

    def corners(x: Any, heights: Any, width: float = 0.8) -> Any:
        # the four corners of a bar at each x: all bars of a kind in one collection
        left, right, zero = x - width / 2, x + width / 2, np.zeros_like(heights)
        pairs = ((left, zero), (left, heights), (right, heights), (right, zero))
        return np.stack([np.column_stack(corner) for corner in pairs], axis=1)

    def draw(dist: Any, title: str) -> LiveFigure:
        values, pmf, counted = np.asarray(dist.values), np.asarray(dist.pmf), dist.counted
        summed.set_verts(corners(values[counted], pmf[counted]))
        rest.set_verts(corners(values[~counted], pmf[~counted]))
        observed.set_ydata([pmf[values == dist.observed][0]] * 2)
        labels = (
            f"summed: P(ν) ≤ P(n_A), p = {_format_pvalue(dist.pvalue)}",
            "more probable than the observed table",
            f"P(n_A = {dist.observed}), the observed table",
        )
        for text, label in zip(legend.get_texts(), labels, strict=True):
            text.set_text(label)
        ax.set_xlim(values[0] - 1, values[-1] + 1)
        ax.set_ylim(0, 1.6 * pmf.max())  # room for the legend above the bars
        ax.set_title(title)
        return live

    return draw


def draw_decision_regions(
    ax: Any,
    grid: Any,
    predicted: Any,
    *,
    colors: Sequence[str] = ("#F9DCC8", "#CFE4F3"),
    hatch: str = "//",
) -> list[Any]:
    """Draw the decision regions of a two-class classifier on a square grid (notebook 07).

    Each grid cell is filled with the pale colour of the class predicted there (``colors[0]``
    for class 0, ``colors[1]`` for class 1), and the region of class 1 is also hatched, so that
    the two regions differ by more than colour. The regions lie below the axes' other artists
    (``zorder`` 0), so that points drawn on top stay visible.

    A widget that redraws the regions removes the returned artists (``artist.remove()``) and
    calls the function again on the same axes.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    grid : array_like, shape (g,)
        The coordinates of the grid along both axes, increasing and evenly spaced (the grid is
        ``numpy.meshgrid(grid, grid)``).
    predicted : array_like, shape (g, g)
        The predicted class (0 or 1) at each grid point, row ``i`` at ``y = grid[i]``, column
        ``j`` at ``x = grid[j]`` (what ``model.predict(points).reshape(g, g)`` gives for
        ``points = numpy.column_stack([a.ravel() for a in numpy.meshgrid(grid, grid)])``).
    colors : (str, str)
        The fill colours of class 0 and of class 1.
    hatch : str
        The hatch pattern of class 1's region (matplotlib's hatch codes; ``""`` for none).

    Returns
    -------
    list of matplotlib artists
        The image of the two colours and, if class 1 occurs and ``hatch`` is given, the hatched
        contour set on top of it.

    Examples
    --------
    >>> import numpy as np
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().subplots()
    >>> grid = np.linspace(-1, 1, 41)
    >>> x, y = np.meshgrid(grid, grid)
    >>> inside = (np.hypot(x, y) <= 0.5).astype(int)  # class 1 inside a circle
    >>> artists = draw_decision_regions(ax, grid, inside)
    >>> len(artists), artists[1].hatches
    (2, ['//'])
    """
    import numpy as np
    from matplotlib.colors import ListedColormap

    grid = np.asarray(grid, dtype=float)
    predicted = np.asarray(predicted)
    if grid.ndim != 1 or grid.size < 2:
        raise ValueError(
            f"grid must be a 1-d array of at least 2 coordinates; got shape {grid.shape}"
        )
    if predicted.shape != (grid.size, grid.size):
        raise ValueError(
            f"predicted must have shape ({grid.size}, {grid.size}), one class per grid point; got "
            f"shape {predicted.shape}"
        )
    if not np.all(np.isin(predicted, (0, 1))):
        raise ValueError("predicted must hold the classes 0 and 1 only")
    step = (grid[-1] - grid[0]) / (grid.size - 1) / 2  # each cell centred on its grid point
    extent = (grid[0] - step, grid[-1] + step, grid[0] - step, grid[-1] + step)
    image = ax.imshow(predicted, origin="lower", extent=extent, cmap=ListedColormap(list(colors)),
                      vmin=0, vmax=1, interpolation="nearest", zorder=0)  # fmt: skip
    artists = [image]
    if hatch and predicted.any():
        import matplotlib as mpl

        with mpl.rc_context({"hatch.linewidth": 0.6}):  # fine lines: the points stay readable
            hatched = ax.contourf(grid, grid, predicted, levels=[0.5, 1.5], colors="none",
                                  hatches=[hatch], zorder=0.5)  # fmt: skip
        hatched.set_edgecolor("#8DB9DC")  # the hatch's colour: a darker shade of the fill
        hatched.set_linewidth(0)
        artists.append(hatched)
    return artists


#: The four verdicts of a comparison with a margin, from the best to the worst (notebook 15).
MARGIN_VERDICTS = ("superior", "non-inferior", "inconclusive", "inferior")


def margin_verdict(low: float, high: float, margin: float) -> str:
    """The verdict a non-inferiority comparison reads off its interval (notebook 15's figure).

    The interval [low, high] for the difference A − B (A the new classifier, B the reference),
    at confidence 1 − 2α, is held against −δ, 0 and +δ (δ = ``margin`` > 0):

    * **superior**: low > 0 (A better than B, so non-inferior too);
    * **non-inferior**: −δ < low ≤ 0 (A at most δ worse);
    * **inconclusive**: low ≤ −δ ≤ high (A may be worse by δ or more, or not);
    * **inferior**: high < −δ (A worse than B by more than δ).

    Two remarks follow in parentheses where they apply: "equivalent" when the whole interval
    lies inside (−δ, +δ) (two one-sided tests, Schuirmann 1987), and "significantly worse" when
    A is non-inferior and yet high < 0 (worse than B, by less than the margin).

    Parameters
    ----------
    low, high : float
        The limits of the interval for A − B, low ≤ high.
    margin : float
        δ > 0, on the scale of the difference.

    Returns
    -------
    str
        One of :data:`MARGIN_VERDICTS`, with the remarks in parentheses.

    Examples
    --------
    >>> margin_verdict(-0.0186, 0.0061, 0.02)
    'non-inferior (equivalent)'
    >>> margin_verdict(-0.015, -0.001, 0.02)
    'non-inferior (equivalent, significantly worse)'
    >>> margin_verdict(-0.03, 0.01, 0.02), margin_verdict(-0.06, -0.03, 0.02)
    ('inconclusive', 'inferior')
    """
    low, high, margin = float(low), float(high), float(margin)
    if not margin > 0:
        raise ValueError(f"margin must be a number > 0, got {margin!r}")
    if not low <= high:
        raise ValueError(f"low must not exceed high, got low={low!r}, high={high!r}")
    if high < -margin:
        return "inferior"
    if low <= -margin:
        return "inconclusive"
    remarks = []
    if high < margin:
        remarks.append("equivalent")
    if high < 0:
        remarks.append("significantly worse")
    verdict = "superior" if low > 0 else "non-inferior"
    return f"{verdict} ({', '.join(remarks)})" if remarks else verdict


def margin_outcomes_figure(
    labels: Sequence[str],
    *,
    xlabel: str = "difference of accuracies A − B",
    figsize: tuple[float, float] | None = None,
) -> Callable[..., LiveFigure]:
    """Notebook 15's picture: intervals for A − B against −δ, 0 and +δ, each with its verdict.

    One row per label, top to bottom: a bar from the interval's lower to its upper limit and a
    dot at the estimate; the verdict of :func:`margin_verdict` is written to the right of the
    axes, so that no row is told apart by colour alone. Three vertical lines mark −δ (dashed),
    0 (solid) and +δ (dotted), named in the legend below the axes; the regions beyond ±δ are
    shaded and named at the top ("A worse by > δ", "A better by > δ").

    The figure and its artists are made once (a :class:`LiveFigure`); the returned function
    changes their data and returns the figure, whose :meth:`LiveFigure.show` displays it (one
    draw per slider move).

    Parameters
    ----------
    labels : sequence of str
        The row names, top to bottom; the keys of the intervals passed to ``draw``.
    xlabel : str
        The label of the x-axis.
    figsize : tuple of float, optional
        Width and height in inches; default 8 wide and 1.6 + 0.5 per row high.

    Returns
    -------
    draw : callable
        ``draw(intervals, *, margin, title, xlim=None)``: ``intervals`` maps each label to
        ``(low, estimate, high)``; ``margin`` is δ; ``xlim`` the x-range (default: every
        interval and ±2.5δ, with a margin of a tenth). Returns the :class:`LiveFigure`.

    Examples
    --------
    >>> draw = margin_outcomes_figure(["one test set", "another"])
    >>> live = draw({"one test set": (-0.0186, -0.006, 0.0061),
    ...              "another": (-0.03, -0.01, 0.01)}, margin=0.02, title="two intervals")
    >>> [t.get_text() for t in live.axes.texts[-2:]]
    ['non-inferior (equivalent)', 'inconclusive']
    >>> live.png()[:4] == b"\\x89PNG"
    True
    """
    from matplotlib.patches import Rectangle

    names = list(labels)
    if not names:
        raise ValueError("labels must name at least one row, got an empty sequence")
    if figsize is None:
        figsize = (8.0, 1.6 + 0.5 * len(names))
    live = LiveFigure(figsize=figsize)
    ax = live.axes
    rows = list(range(len(names)))
    span = ax.get_xaxis_transform()  # x in data, y in axes coordinates
    shades = [
        ax.add_patch(Rectangle((0, 0), 0, 1, transform=span, facecolor=COLORS[key], alpha=0.12,
                               linewidth=0, zorder=0))
        for key in ("b", "a")
    ]  # fmt: skip
    lines = [
        ax.axvline(0, color=color, linestyle=style, linewidth=1.3, label=name)
        for color, style, name in ((COLORS["b"], "--", "−δ"), (COLORS["reference"], "-", "0"),
                                   (COLORS["a"], ":", "+δ"))
    ]  # fmt: skip
    regions = [
        ax.text(0, 0.97, words, transform=span, ha=ha, va="top", fontsize=9, color=COLORS[key])
        for words, ha, key in (("A worse by > δ ", "right", "b"), (" A better by > δ", "left", "a"))
    ]  # fmt: skip
    bars = ax.hlines(rows, 0, 0, colors="#222222", linewidth=5, capstyle="butt")
    (dots,) = ax.plot(rows, rows, "o", color="white", markeredgecolor="#222222", markersize=7,
                      linestyle="none", zorder=3)  # fmt: skip
    longest = "non-inferior (equivalent, significantly worse)"  # the layout keeps room for it
    verdicts = [ax.text(1.01, row, longest, va="center", fontsize=9,
                        transform=ax.get_yaxis_transform()) for row in rows]  # fmt: skip
    legend = live.figure.legend(handles=lines, loc="outside lower center", ncols=3, fontsize=9)
    ax.set_yticks(rows, names)
    ax.set_ylim(len(names) - 0.3, -1.4)  # the first label on top, room for the region names
    ax.grid(False, axis="y")
    ax.set_xlabel(xlabel)
    ax.set_title("a title of one line")
    live.lay_out()  # once, with the longest verdicts: every update keeps this layout
    for text in verdicts:
        text.set_text("")

    def draw(
        intervals: Mapping[str, Sequence[float]],
        *,
        margin: float,
        title: str,
        xlim: tuple[float, float] | None = None,
    ) -> LiveFigure:
        delta = float(margin)
        if not delta > 0:
            raise ValueError(f"margin must be a number > 0, got {margin!r}")
        limits = [tuple(float(v) for v in intervals[name]) for name in names]
        bars.set_segments([[(low, row), (high, row)] for row, (low, _, high) in enumerate(limits)])
        dots.set_data([estimate for _, estimate, _ in limits], rows)
        for text, (low, _, high) in zip(verdicts, limits, strict=True):
            text.set_text(margin_verdict(low, high, delta))
        if xlim is None:
            low_end = min(-2.5 * delta, *(low for low, _, _ in limits))
            high_end = max(2.5 * delta, *(high for _, _, high in limits))
            pad = 0.1 * (high_end - low_end)
            xlim = (low_end - pad, high_end + pad)
        ax.set_xlim(*xlim)
        shades[0].set_x(-1.0)
        shades[0].set_width(1.0 - delta)
        shades[1].set_x(delta)
        shades[1].set_width(1.0 - delta)
        for line, text, x, name in zip(
            lines, legend.get_texts(), (-delta, 0.0, delta), ("−δ = −", "0", "+δ = +"), strict=True
        ):
            line.set_xdata([x, x])
            text.set_text(f"{name}{delta:.3f}" if x else "0 (no difference)")
        regions[0].set_x(-delta)
        regions[1].set_x(delta)
        ax.set_title(title)
        return live

    return draw


def bootstrap_accuracy_figure(
    *, truth: float = 0.85, figsize: tuple[float, float] | None = None
) -> Callable[..., LiveFigure]:
    """The figure of notebook 09's widget: one test set's bootstrap replicates and two intervals.

    The replicates of an accuracy take the values 0, 1/K, …, 1: one bar per value, its height
    the share of resamples that gave it; the bootstrap interval is a shaded band, the
    Clopper–Pearson interval a thick bar just below zero, and the true accuracy a dashed line.

    The figure and its artists are made once (a :class:`LiveFigure`, laid out for the longest
    title); the returned function changes their data and returns the figure, whose
    :meth:`LiveFigure.show` displays it (one draw per control move).

    Parameters
    ----------
    truth : float
        The true accuracy the test sets were drawn with, marked by a dashed line.
    figsize : tuple of float, optional
        Width and height in inches; the course style's when omitted.

    Returns
    -------
    draw : callable
        ``draw(boot, exact, n_items, method, confidence)``: ``boot`` is the result of
        :func:`evalkit.bootstrap.bootstrap_interval` (its ``replicates``, ``low``, ``high``,
        ``rounds``), ``exact`` the Clopper–Pearson :class:`~evalkit.intervals.Interval` of the
        same test set, ``n_items`` its number of items K. Returns the :class:`LiveFigure`.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.bootstrap import bootstrap_interval
    >>> from evalkit.intervals import clopper_pearson
    >>> correct = np.r_[np.ones(40), np.zeros(10)]
    >>> boot = bootstrap_interval(np.mean, correct, rounds=500, rng=1)
    >>> live = bootstrap_accuracy_figure()(boot, clopper_pearson(40, 50), 50, "percentile", 0.95)
    >>> live.axes.get_title()
    '95% intervals from one test set of 50 items'
    """
    import numpy as np

    live = LiveFigure(figsize=figsize)
    ax = live.axes
    bars = ax.stairs(
        [0.0], [0.0, 1.0], fill=True, color=COLORS["a"], alpha=0.7, label="bootstrap replicates"
    )
    span = ax.axvspan(
        0.0, 1.0, color=COLORS["a"], alpha=0.12, hatch="..", label="bootstrap interval"
    )
    exact_bar = ax.hlines(-0.01, 0.0, 1.0, color=COLORS["b"], lw=4, label="Clopper–Pearson")
    ax.axvline(truth, color="k", linestyle="--", lw=1, label=f"true accuracy {truth:g}")
    ax.set_ylabel("share of resamples")
    legend = ax.legend(loc="upper left", fontsize=9)
    # the first draw lays the figure out, with the longest title and tick labels of any setting
    ax.set(
        xlim=(0.5, 1.0),
        ylim=(-0.012, 0.03),
        xlabel="accuracy on a resampled test set",
        title="95% intervals from one test set of 1000 items",
    )
    live.lay_out()

    def draw(boot: Any, exact: Any, n_items: int, method: str, confidence: float) -> LiveFigure:
        values, counts = np.unique(boot.replicates, return_counts=True)
        shares = counts / boot.rounds
        # all bars as one outline: up at each bar's left edge, down to 0 at its right edge
        half = min(0.8 / n_items, 0.02) / 2
        bars.set_data(
            np.column_stack([shares, np.zeros_like(shares)]).ravel()[:-1],
            np.column_stack([values - half, values + half]).ravel(),
        )
        span.set_x(boot.low)
        span.set_width(boot.high - boot.low)
        exact_bar.set_segments([[(exact.low, -0.01), (exact.high, -0.01)]])
        legend.get_texts()[1].set_text(f"bootstrap {method}")
        ax.set_xlim(max(0.0, exact.low - 0.08), 1.0)
        margin = 0.05 * (shares.max() + 0.01)  # as matplotlib's automatic limits would leave
        ax.set_ylim(-0.01 - margin, shares.max() + margin)
        ax.set_xlabel(f"accuracy on a resampled test set of {n_items} items")
        ax.set_title(f"{confidence:.0%} intervals from one test set of {n_items} items")
        return live

    return draw


def calibration_threshold_figure(
    *, figsize: tuple[float, float] = (10.0, 4.8)
) -> Callable[..., LiveFigure]:
    """The figure of notebook 14's widget: a reliability diagram and the cost of each threshold.

    Left: the reliability diagram, one point per non-empty bin (mean forecast against the
    observed share of positives) with its 95 % Wilson interval and the number of items of the
    bin, and the dotted diagonal of perfect calibration. Right: the average cost per item
    against the threshold (both axes logarithmic), the rule's threshold 1/(1 + cost ratio) as a
    dotted line and the lowest cost as a point.

    The figure and its artists are made once (a :class:`LiveFigure`); the returned function
    changes their data and returns the figure, whose :meth:`LiveFigure.show` displays it.

    Parameters
    ----------
    figsize : tuple of float
        Width and height in inches.

    Returns
    -------
    draw : callable
        ``draw(view, classifier, count_labels)``: ``view`` is a mapping with ``curve`` (what
        :func:`evalkit.metrics.calibration_curve` returns), ``decomposition``
        (:func:`evalkit.metrics.brier_decomposition`), ``rule``, ``rule_cost``,
        ``best_threshold``, ``best_cost`` and the arrays ``thresholds`` and ``costs``;
        ``classifier`` names the classifier in the legends; ``count_labels`` is a list of
        ``(x, y, text)`` labels of the bins. Returns the :class:`LiveFigure`.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.metrics import brier_decomposition, calibration_curve
    >>> y = np.array([0, 0, 1, 1, 1, 0, 1, 0])
    >>> f = np.array([0.1, 0.2, 0.8, 0.9, 0.7, 0.3, 0.6, 0.4])
    >>> view = {"curve": calibration_curve(y, f, n_bins=2),
    ...         "decomposition": brier_decomposition(y, f, n_bins=2), "rule": 1 / 6,
    ...         "rule_cost": 0.5, "best_threshold": 0.5, "best_cost": 0.25,
    ...         "thresholds": np.array([np.inf, 0.9, 0.5, 0.1]),
    ...         "costs": np.array([2.5, 1.0, 0.25, 0.5])}
    >>> live = calibration_threshold_figure()(view, "toy", [(0.25, 0.0, "4"), (0.75, 1.0, "4")])
    >>> live.axes[1].get_title()
    'cost at rule 0.500, lowest 0.250'
    """
    import numpy as np

    live = LiveFigure(1, 2, figsize=figsize)
    reliability_ax, cost_ax = live.axes
    reliability_ax.plot(
        [0, 1], [0, 1], ls=":", color=COLORS["reference"], label="perfectly calibrated"
    )
    # label=" ": a legend entry whose words each update sets (they name the classifier, the rule)
    (points,) = reliability_ax.plot([], [], "o-", color=COLORS["a"], label=" ")
    wilson_bars = reliability_ax.vlines([], [], [], color=COLORS["a"], lw=1.5)  # one per bin
    (wilson_caps,) = reliability_ax.plot([], [], "_", ms=6, mew=1.5, color=COLORS["a"])
    count_texts: list[Any] = []  # the number of items of each bin: made when first needed
    reliability_ax.set(
        xlim=(-0.02, 1.02),
        ylim=(-0.07, 1.02),
        xlabel="mean predicted probability in bin",
        ylabel="observed share of malignant",
    )
    # the legends sit below the panels: inside, with 30 bins, they covered points and the curve
    reliability_ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), fontsize=8, ncols=2)
    (cost_line,) = cost_ax.step([], [], where="post", color=COLORS["b"], ls="--", label=" ")
    rule_line = cost_ax.axvline(0.5, ls=":", color=COLORS["reference"], label=" ")
    (best_point,) = cost_ax.plot([], [], "o", color=COLORS["a"], label="lowest cost")
    # both axes logarithmic: the costs run from the lowest one to cost ratio × share of positives
    # (everything called negative), and the whole curve stays in view
    cost_ax.set(
        xscale="log",
        yscale="log",
        xlim=(1e-6, 1.05),
        xlabel="threshold t (classify f ≥ t malignant; log scale)",
        ylabel="average cost per tumour (log scale)",
    )
    cost_ax.set_xticks([1e-6, 1e-4, 1e-2, 1], ["10⁻⁶", "10⁻⁴", "10⁻²", "1"])  # quick to draw
    cost_ax.minorticks_off()
    cost_ticks = np.array([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10])  # round values
    cost_ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), fontsize=8, ncols=2)

    def draw(view: Mapping[str, Any], classifier: str, count_labels: Sequence[Any]) -> LiveFigure:
        curve, d = view["curve"], view["decomposition"]
        x, share = curve.mean_predicted, curve.fraction_positive
        low, high = curve.interval.low, curve.interval.high
        points.set_data(x, share)
        wilson_bars.set_segments(
            [[(xi, lo), (xi, hi)] for xi, lo, hi in zip(x, low, high, strict=True)]
        )
        wilson_caps.set_data(np.r_[x, x], np.r_[low, high])
        while len(count_texts) < len(count_labels):
            count_texts.append(
                reliability_ax.annotate(
                    "", (0, 0), textcoords="offset points", xytext=(6, -12), fontsize=8
                )
            )
        for k, text in enumerate(count_texts):  # labels this setting does not need are hidden
            text.set_visible(k < len(count_labels))
            if k < len(count_labels):
                text.xy = count_labels[k][:2]
                text.set_text(count_labels[k][2])
        reliability_ax.get_legend().get_texts()[1].set_text(f"{classifier} (95% Wilson per bin)")
        reliability_ax.set_title(
            f"{len(curve.counts)} non-empty bins; reliability {d.reliability:.4f}, "
            f"resolution {d.resolution:.4f}",
            fontsize=10,
        )
        thresholds, costs = np.asarray(view["thresholds"]), np.asarray(view["costs"])
        finite = np.isfinite(thresholds)  # leave out t = +inf (nothing called positive)
        cost_line.set_data(np.clip(thresholds[finite], 1e-6, 1), costs[finite])
        rule_line.set_xdata([view["rule"], view["rule"]])
        best_point.set_data([max(view["best_threshold"], 1e-6)], [view["best_cost"]])
        shown = costs[finite]
        bottom, top = 0.8 * shown[shown > 0].min(), 1.25 * shown.max()  # the whole curve
        cost_ax.set_ylim(bottom, top)
        ticks = cost_ticks[(cost_ticks >= bottom) & (cost_ticks <= top)]
        cost_ax.set_yticks(ticks, [f"{t:g}" for t in ticks])  # plain text: quicker to draw
        legend_texts = cost_ax.get_legend().get_texts()
        legend_texts[0].set_text(classifier)
        legend_texts[1].set_text(f"1/(1 + ratio) = {view['rule']:.3f}")
        cost_ax.set_title(
            f"cost at rule {view['rule_cost']:.3f}, lowest {view['best_cost']:.3f}", fontsize=10
        )
        return live

    return draw
