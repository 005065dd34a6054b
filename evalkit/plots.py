"""The course's figure style and shared plotting helpers (imports matplotlib).

Nothing here runs at import time except importing matplotlib: the style is applied only when a
notebook calls :func:`use_course_style`, so importing evalkit never changes global state.
"""

from __future__ import annotations

from typing import Any

__all__ = ["COLORS", "LINESTYLES", "SERIES", "LiveFigure", "course_style", "use_course_style"]

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
