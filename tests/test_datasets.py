"""evalkit.datasets: the circles-and-triangles data set and the pessimistic error estimate."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit import datasets
from evalkit.datasets import (
    HALF_WIDTH,
    INNER_RADIUS,
    OUTER_RADIUS,
    circles_and_triangles,
    pessimistic_error,
    true_class,
)
from evalkit.examples import check, example
from tests.conftest import REPO

# ---------------------------------------------------------------------------------------------
# circles_and_triangles


def radius(X):
    return np.sqrt(X[:, 0] ** 2 + X[:, 1] ** 2)


@pytest.mark.parametrize("n", [1, 2, 7, 500, 2000])
def test_every_point_lies_in_its_region_and_class_sizes_are_exact(n):
    X, y = circles_and_triangles(n, rng=7)
    assert X.shape == (2 * n, 2)
    assert y.shape == (2 * n,)
    assert set(np.unique(y).tolist()) <= {0, 1}
    assert int((y == 1).sum()) == n
    assert int((y == 0).sum()) == n
    r = radius(X)
    circles, triangles = r[y == 1], r[y == 0]
    assert np.all((circles >= 0.5) & (circles <= 1.0))
    assert np.all((triangles < 0.5) | (triangles > 1.0))
    assert np.all(np.abs(X) <= HALF_WIDTH)


def test_the_slides_data_set_agrees_with_the_registry():
    inputs = example("sym-circles").inputs
    assert (inputs["inner_radius"], inputs["outer_radius"]) == (INNER_RADIUS, OUTER_RADIUS)
    _X, y = circles_and_triangles(inputs["n_per_class"], rng=0)
    result = check("sym-circles", {"circles": int(y.sum()), "triangles": int((y == 0).sum())})
    assert result.status == "agrees"


def test_points_are_uniform_in_their_regions():
    # Area route: the share of circles inside radius 0.75 is the area share of the inner
    # annulus, (0.75² − 0.5²)/(1 − 0.5²) = 5/12; triangles: P(r < 0.5) = π·0.25/(9 − 0.75π).
    # The quadrants of each class must be equally populated.
    X, y = circles_and_triangles(20000, rng=1)
    r = radius(X)
    share = np.mean(r[y == 1] <= 0.75)
    assert abs(share - 5 / 12) < 0.015
    ring_area = np.pi * (1 - 0.25)
    expected_inner = np.pi * 0.25 / ((2 * HALF_WIDTH) ** 2 - ring_area)
    assert abs(np.mean(r[y == 0] < 0.5) - expected_inner) < 0.01
    for label in (0, 1):
        quadrant = 2 * (X[y == label, 0] > 0) + (X[y == label, 1] > 0)
        counts = np.bincount(quadrant, minlength=4) / (y == label).sum()
        assert np.all(np.abs(counts - 0.25) < 0.02)
    # The triangles fill the corners of the square, outside the ring as well
    assert np.max(r[y == 0]) > 2.0


def test_rows_are_shuffled_so_a_prefix_is_a_random_sample():
    _X, y = circles_and_triangles(500, rng=3)
    assert 0.3 < y[:100].mean() < 0.7
    assert not np.all(y[:500] == 1)


def test_reproducible_by_seed_and_by_generator():
    X1, y1 = circles_and_triangles(300, noise=0.1, rng=42)
    X2, y2 = circles_and_triangles(300, noise=0.1, rng=42)
    X3, y3 = circles_and_triangles(300, noise=0.1, rng=np.random.default_rng(42))
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    np.testing.assert_array_equal(X1, X3)
    np.testing.assert_array_equal(y1, y3)
    X4, _ = circles_and_triangles(300, noise=0.1, rng=43)
    assert not np.array_equal(X1, X4)


def test_a_generator_is_advanced_so_two_calls_differ():
    rng = np.random.default_rng(7)
    X1, _ = circles_and_triangles(50, rng=rng)
    X2, _ = circles_and_triangles(50, rng=rng)
    assert not np.array_equal(X1, X2)


def test_unseeded_calls_work():
    X, y = circles_and_triangles(10)
    assert X.shape == (20, 2) and int(y.sum()) == 10


@pytest.mark.parametrize(
    ("n", "noise", "flipped_per_class"),
    [(100, 0.1, 10), (100, 0.0, 0), (10, 0.05, 1), (10, 0.04, 0), (10, 0.5, 5), (7, 0.5, 4)],
)
def test_noise_flips_the_stated_number_of_labels_in_each_class(n, noise, flipped_per_class):
    X, y = circles_and_triangles(n, noise=noise, rng=5)
    truth = true_class(X)
    assert int((y == 1).sum()) == n and int((y == 0).sum()) == n
    assert int(((truth == 1) & (y == 0)).sum()) == flipped_per_class
    assert int(((truth == 0) & (y == 1)).sum()) == flipped_per_class


def test_noise_changes_only_labels_and_flipped_sets_are_nested():
    X0, y0 = circles_and_triangles(200, noise=0.0, rng=11)
    previous = np.zeros(400, dtype=bool)
    for noise in (0.05, 0.1, 0.2, 0.3):
        X, y = circles_and_triangles(200, noise=noise, rng=11)
        np.testing.assert_array_equal(X, X0)
        flipped = y != y0
        assert int(flipped.sum()) == 2 * round(noise * 200)
        assert np.all(flipped[previous])
        previous = flipped


@given(
    n=st.integers(min_value=1, max_value=300),
    noise=st.floats(min_value=0.0, max_value=0.5),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
@settings(max_examples=60, deadline=None)
def test_property_sizes_region_and_noise(n, noise, seed):
    X, y = circles_and_triangles(n, noise=noise, rng=seed)
    truth = true_class(X)
    exact = Fraction(noise) * n  # flips per class: nearest whole number, halves up
    allowed = {int(exact + Fraction(1, 2))}
    if abs(exact - int(exact) - Fraction(1, 2)) < Fraction(1, 10**9):  # a float-rounding tie
        allowed |= {int(exact), int(exact) + 1}
    assert int(y.sum()) == n
    assert int((truth == 1).sum()) == n  # positions: exactly n in the ring
    assert int((y != truth).sum()) // 2 in allowed
    assert int((y != truth).sum()) % 2 == 0
    assert np.all(np.abs(X) <= HALF_WIDTH)


def test_true_class_on_the_boundaries():
    points = [[0.5, 0.0], [0.0, 1.0], [0.4999, 0.0], [1.0001, 0.0], [-0.6, -0.6], [0.0, 0.0]]
    assert true_class(points).tolist() == [1, 1, 0, 0, 1, 0]
    # The slide's printed triangle condition, r > 0.5 or r < 1, holds everywhere: it would make
    # every point a triangle, circles included.
    X, _y = circles_and_triangles(100, rng=2)
    r = radius(X)
    assert np.all((r > 0.5) | (r < 1))


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"n_per_class": 0}, ValueError, "n_per_class"),
        ({"n_per_class": -3}, ValueError, "n_per_class"),
        ({"n_per_class": 2.5}, ValueError, "n_per_class"),
        ({"n_per_class": float("nan")}, ValueError, "n_per_class"),
        ({"n_per_class": [3, 4]}, ValueError, "n_per_class"),
        ({"n_per_class": "500"}, TypeError, "n_per_class"),
        ({"n_per_class": True}, TypeError, "n_per_class"),
        ({"noise": -0.1}, ValueError, "noise"),
        ({"noise": 0.6}, ValueError, "noise"),
        ({"noise": float("nan")}, ValueError, "noise"),
        ({"noise": "0.1"}, TypeError, "noise"),
        ({"noise": None}, TypeError, "noise"),
        ({"noise": True}, TypeError, "noise"),
        ({"rng": -1}, ValueError, "rng"),
        ({"rng": 1.5}, TypeError, "rng"),
        ({"rng": "seed"}, TypeError, "rng"),
        ({"rng": True}, TypeError, "rng"),
        ({"rng": np.random.RandomState(0)}, TypeError, "rng"),
    ],
)
def test_circles_and_triangles_rejects_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        circles_and_triangles(**{"n_per_class": 5, **kwargs})


@pytest.mark.parametrize(
    ("points", "error"),
    [
        ([1.0, 2.0], ValueError),
        ([[1.0, 2.0, 3.0]], ValueError),
        ([[np.nan, 0.0]], ValueError),
        ([["a", "b"]], TypeError),
        ([[True, False]], TypeError),
    ],
)
def test_true_class_rejects_bad_input(points, error):
    with pytest.raises(error, match="X"):
        true_class(points)


# ---------------------------------------------------------------------------------------------
# pessimistic_error


def test_pessimistic_error_reproduces_the_slide():
    inputs = example("sym-pessimistic").inputs
    training = pessimistic_error(inputs["training_errors"], inputs["leaves"], inputs["records"], 0)
    pessimistic = pessimistic_error(**inputs)
    assert training == pytest.approx(0.01, abs=1e-15)
    assert pessimistic == pytest.approx(0.025, abs=1e-15)
    assert isinstance(pessimistic, float)
    result = check(
        "sym-pessimistic", {"training_error": training, "pessimistic_error": pessimistic}
    )
    assert result.status == "agrees"


def test_default_penalty_is_one_half():
    assert pessimistic_error(10, 30, 1000) == pessimistic_error(10, 30, 1000, penalty=0.5)


@given(
    errors=st.integers(min_value=0, max_value=10**6),
    leaves=st.integers(min_value=1, max_value=10**6),
    extra=st.integers(min_value=0, max_value=10**6),
    penalty=st.fractions(min_value=0, max_value=5, max_denominator=8),
)
@settings(max_examples=100, deadline=None)
def test_property_agrees_with_exact_rational_arithmetic(errors, leaves, extra, penalty):
    records = errors + extra + 1
    exact = (Fraction(errors) + leaves * penalty) / records
    got = pessimistic_error(errors, leaves, records, float(penalty))
    assert got == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


def test_vectorized_over_a_tree_sequence_matches_scalar_calls():
    errors = np.array([380, 160, 81, 14, 0])
    leaves = np.array([2, 4, 8, 32, 52])
    out = pessimistic_error(errors, leaves, 1000)
    assert out.shape == (5,)
    for e, n, value in zip(errors, leaves, out, strict=True):
        assert value == pessimistic_error(int(e), int(n), 1000)
    grid = pessimistic_error(errors[:, None], leaves[:, None], 1000, np.array([0.0, 0.5, 2.0]))
    assert grid.shape == (5, 3)
    np.testing.assert_allclose(grid[:, 0], errors / 1000)
    np.testing.assert_allclose(grid[:, 2], (errors + 2 * leaves) / 1000)


def test_pessimistic_minus_optimistic_is_the_penalty_per_record():
    # Adding a leaf raises the estimate by penalty/records unless it removes training errors:
    # with penalty 0.5 a split pays off as soon as it corrects a single training error.
    base = pessimistic_error(20, 10, 1000)
    assert pessimistic_error(20, 11, 1000) - base == pytest.approx(0.0005)
    assert pessimistic_error(19, 11, 1000) < base
    assert pessimistic_error(19, 11, 1000, penalty=1.0) == pessimistic_error(20, 10, 1000, 1.0)


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((-1, 30, 1000), ValueError, "training_errors"),
        ((1.5, 30, 1000), ValueError, "training_errors"),
        ((float("nan"), 30, 1000), ValueError, "training_errors"),
        (("10", 30, 1000), TypeError, "training_errors"),
        ((10, 0, 1000), ValueError, "leaves"),
        ((10, 2.5, 1000), ValueError, "leaves"),
        ((10, True, 1000), TypeError, "leaves"),
        ((10, 30, 0), ValueError, "records"),
        ((10, 30, -5), ValueError, "records"),
        ((1001, 30, 1000), ValueError, "training_errors must not exceed records"),
        (([1, 2], [3, 4, 5], 1000), ValueError, "broadcastable"),
        ((10, 30, 1000, -0.5), ValueError, "penalty"),
        ((10, 30, 1000, float("inf")), ValueError, "penalty"),
        ((10, 30, 1000, float("nan")), ValueError, "penalty"),
        ((10, 30, 1000, "0.5"), TypeError, "penalty"),
        ((10, 30, 1000, None), TypeError, "penalty"),
        ((10, 30, 1000, 1j), TypeError, "penalty"),
        ((10, 30, 1000, []), ValueError, "penalty"),
    ],
)
def test_pessimistic_error_rejects_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        pessimistic_error(*args)


def test_import_does_not_load_plotting_libraries():
    import subprocess
    import sys

    code = (
        "import sys, evalkit.datasets; "
        "heavy = ('matplotlib', 'ipywidgets', 'sklearn'); "
        "print(any(m.split('.')[0] in heavy for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------------------------------------
# data_file: the course's data from any folder


def test_data_file_finds_the_course_data_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a student copy runs in some other folder
    path = datasets.data_file("many_datasets_accuracies.csv")
    assert path.is_file() and path.parent.name == "data"
    assert path == REPO / "data" / "many_datasets_accuracies.csv"


def test_data_file_follows_evalkit_data(tmp_path, monkeypatch):
    (tmp_path / "x.csv").write_text("a\n1\n", encoding="utf-8")
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path))
    assert datasets.data_file("x.csv") == tmp_path / "x.csv"


@pytest.mark.parametrize("name", ["", "../data/x.csv", "data/x.csv"])
def test_data_file_rejects_what_is_not_a_file_name(name):
    with pytest.raises(ValueError, match="name must be a file name"):
        datasets.data_file(name)


@pytest.mark.parametrize("name", [3, None, b"x.csv"])
def test_data_file_rejects_what_is_not_a_string(name):
    with pytest.raises(TypeError, match="name must be a file name"):
        datasets.data_file(name)


def test_data_file_names_what_is_there_when_a_file_is_missing():
    with pytest.raises(FileNotFoundError, match=r"no file 'nothing.csv'; it has \[.*'worked_"):
        datasets.data_file("nothing.csv")
