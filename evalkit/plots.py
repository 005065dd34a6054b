"""The course's figure style and shared plotting helpers (imports matplotlib).

Nothing here runs at import time except importing matplotlib: the style is applied only when a
notebook calls :func:`use_course_style`, so importing evalkit never changes global state.
"""

from __future__ import annotations

from typing import Any

__all__ = ["COLORS", "course_style", "use_course_style"]

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


def course_style() -> dict[str, Any]:
    """The rcParams the course uses: figure size, resolution, fonts, grid, colour cycle.

    Examples
    --------
    >>> course_style()["figure.dpi"]
    100
    """
    from cycler import cycler

    palette = [COLORS[k] for k in ("a", "b", "c", "d", "e", "f")]
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
        "axes.prop_cycle": cycler(color=palette),
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
