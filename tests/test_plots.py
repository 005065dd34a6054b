"""evalkit.plots: the course style and LiveFigure, the in-place figure of the widgets."""

from __future__ import annotations

import io

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.image import imread
from matplotlib.layout_engine import ConstrainedLayoutEngine

from evalkit.plots import LiveFigure, course_style


def _pixels(png: bytes) -> np.ndarray:
    return imread(io.BytesIO(png), format="png")


def test_live_figure_png_has_the_figure_size_at_the_figure_dpi_every_time():
    with matplotlib.rc_context({"figure.dpi": 100, "savefig.dpi": 72}):
        live = LiveFigure(figsize=(4, 3))
    live.axes.plot([0, 1], [0, 1])
    assert _pixels(live.png()).shape[:2] == (300, 400)  # laid out
    assert _pixels(live.png()).shape[:2] == (300, 400)  # drawn once, layout kept


def test_live_figure_draws_once_per_update_after_the_first(monkeypatch):
    live = LiveFigure(figsize=(3, 2))
    live.axes.plot([0, 1], [0, 1])
    live.png()
    draws = []
    original = type(live.figure).draw
    monkeypatch.setattr(
        type(live.figure), "draw", lambda fig, renderer: draws.append(1) or original(fig, renderer)
    )
    live.png()
    assert len(draws) == 1


def test_live_figure_kept_layout_gives_the_same_picture_as_savefig():
    live = LiveFigure(figsize=(3, 2))
    (line,) = live.axes.plot([0, 1], [0, 1])
    live.png()
    line.set_ydata([1, 0])
    once = live.png()
    buffer = io.BytesIO()
    live.figure.savefig(buffer, format="png", dpi=live.figure.dpi)
    assert np.array_equal(_pixels(once), _pixels(buffer.getvalue()))


def test_live_figure_default_size_is_the_course_style_size():
    with matplotlib.rc_context(course_style()):
        live = LiveFigure(1, 2)
    assert tuple(live.figure.get_size_inches()) == (7.0, 4.0)
    assert live.axes.shape == (2,)


def test_live_figure_is_not_registered_with_pyplot():
    before = plt.get_fignums()
    live = LiveFigure()
    live.axes.plot([0, 1], [1, 0])
    live.png()
    assert plt.get_fignums() == before


def test_live_figure_updates_in_place_and_keeps_the_first_layout():
    live = LiveFigure(figsize=(4, 3))
    (line,) = live.axes.plot([0, 1], [0, 1])
    live.axes.set_title("first")
    first = live.png()
    position = live.axes.get_position().bounds
    line.set_ydata([1, 0])
    live.axes.set_title("second, a longer title")
    second = live.png()
    assert not np.array_equal(_pixels(first), _pixels(second))
    assert live.axes.get_position().bounds == position  # the layout engine did not run again
    assert not isinstance(live.figure.get_layout_engine(), ConstrainedLayoutEngine)


def test_live_figure_without_frozen_layout_lays_out_every_draw():
    live = LiveFigure(figsize=(4, 3), freeze_layout=False)
    live.axes.plot([0, 1], [0, 1])
    live.png()
    assert isinstance(live.figure.get_layout_engine(), ConstrainedLayoutEngine)
    live.axes.set_ylabel("a label that needs room\nin two lines")
    before = live.axes.get_position().bounds
    live.png()
    assert live.axes.get_position().bounds != before


@pytest.mark.parametrize("laid_out", [True, False])
def test_live_figure_lay_out_keeps_titles_and_axis_labels_in_place(laid_out):
    # after lay_out() a draw with wider tick labels moves neither the y label nor the title;
    # without it (the control) matplotlib places the y label again beside the new tick labels
    live = LiveFigure(1, 2, figsize=(6, 3))
    (line,) = live.axes[0].plot([0, 1], [0, 1])
    live.axes[0].set(title="the longest title", xlabel="x", ylabel="y")
    live.axes[1].set_title("second axes")
    if laid_out:
        live.lay_out()
    else:
        live.png()
    label, title = live.axes[0].yaxis.label, live.axes[0].title
    before = label.get_window_extent().bounds, title.get_position()
    line.set_ydata([0, 90_000])  # wider tick labels: 0.0 … 1.0 become 0 … 80000
    live.axes[0].set_ylim(0, 90_000)
    live.png()
    after = label.get_window_extent().bounds, title.get_position()
    assert (after == before) is laid_out
    if laid_out:
        assert all(ax.title.get_position()[1] == 1.0 for ax in live.axes)
        assert live.axes[1].get_title() == "second axes"  # the titles themselves are kept


def test_live_figure_show_displays_one_png(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    live = LiveFigure(figsize=(3, 2))
    live.axes.plot([0, 1], [0, 1])
    live.show()
    assert len(shown) == 1
    assert shown[0].format == "png" and shown[0].data[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"nrows": 0}, ValueError, "nrows"),
        ({"ncols": 1.5}, ValueError, "ncols"),
        ({"ncols": "2"}, TypeError, "ncols"),
        ({"freeze_layout": 1}, TypeError, "freeze_layout"),
    ],
)
def test_live_figure_bad_inputs(kwargs, error, words):
    with pytest.raises(error, match=words):
        LiveFigure(**kwargs)


def test_every_pair_of_course_colours_stays_distinguishable_under_colour_blindness():
    # issue 60: the palette (Okabe–Ito) simulated for full deuteranomaly, protanomaly and
    # tritanomaly (Machado et al. 2009, colorspacious): every pair of series colours, and each
    # with the reference grey, stays at least 10 apart in CAM02-UCS (a just noticeable
    # difference is about 1-2)
    import itertools

    import numpy as np

    colorspacious = pytest.importorskip("colorspacious")
    from evalkit.plots import COLORS, SERIES

    keys = [*SERIES, "reference"]
    rgb = {k: np.array([int(COLORS[k][i : i + 2], 16) / 255 for i in (1, 3, 5)]) for k in keys}
    for kind in ("deuteranomaly", "protanomaly", "tritanomaly"):
        space = {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}
        seen = {
            k: np.clip(colorspacious.cspace_convert(rgb[k], space, "sRGB1"), 0, 1) for k in keys
        }
        for a, b in itertools.combinations(keys, 2):
            distance = float(colorspacious.deltaE(seen[a], seen[b], input_space="sRGB1"))
            assert distance >= 10, f"{kind}: {a} and {b} are {distance:.1f} apart"


def test_series_differ_by_line_style_as_well_as_colour():
    from evalkit.plots import course_style

    cycle = list(course_style()["axes.prop_cycle"])
    assert len({str(c["linestyle"]) for c in cycle}) == len({c["color"] for c in cycle}) == 6
