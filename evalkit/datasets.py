"""Data sets and error estimates for the overfitting notebook (07).

* :func:`circles_and_triangles` – the two-class data set of Symeonidis' overfitting example
  (after Tan, Steinbach and Kumar): circles in the ring 0.5 ≤ √(x1² + x2²) ≤ 1, triangles in the
  rest of the square [−1.5, 1.5]², optionally with a fraction of the labels flipped (noise).
* :func:`true_class` – the noise-free class of any point of the plane (1 = circle, 0 = triangle).
* :func:`pessimistic_error` – the pessimistic estimate of a decision tree's generalization error,
  (e(T) + N·penalty) / records, with a penalty per leaf.
* :func:`data_file` – the path of one of the course's data files, from any working folder (a
  student copy of a notebook runs wherever it is copied to).

Sources: Andreas L. Symeonidis, *Pattern Recognition: Evaluating classification models*, slides
'Υπερεκπαίδευση (Παράδειγμα)' (overfitting, example) and 'Σφάλματα Γενίκευσης' (generalization
errors). The slide prints the triangles' region as "r > 0.5 or r < 1", which every point satisfies;
the triangles lie outside the ring, r < 0.5 or r > 1 (registry id ``sym-circles``).
"""

from __future__ import annotations

import functools
import numbers
import os
from pathlib import Path
from typing import Any

import numpy as np

from evalkit._validation import (
    as_count,
    as_counts,
    as_generator,
    broadcast,
    check_at_most,
    to_output,
)

__all__ = [
    "HALF_WIDTH",
    "INNER_RADIUS",
    "OUTER_RADIUS",
    "circles_and_triangles",
    "data_file",
    "data_folder",
    "pessimistic_error",
    "true_class",
]

#: Circles lie in the ring INNER_RADIUS ≤ r ≤ OUTER_RADIUS (Symeonidis' overfitting example).
INNER_RADIUS = 0.5
OUTER_RADIUS = 1.0
#: Every point lies in the square [−HALF_WIDTH, HALF_WIDTH]² (the slide does not give the square;
#: 1.5 leaves a margin of 0.5 around the ring, so both classes surround the ring's boundaries).
HALF_WIDTH = 1.5

#: The course's data folder: ``$EVALKIT_DATA`` if set, else ``data/`` beside the package.
_DATA_ENV = "EVALKIT_DATA"


def data_folder() -> Path:
    """The folder of the course's data files (the registry, the glossary, the CSV files).

    ``$EVALKIT_DATA`` if set; else ``evalkit/data`` inside an installed package (a wheel ships
    the files there); else ``data/`` beside the package, as in the course repository (a checkout,
    or an editable install).

    Examples
    --------
    >>> (data_folder() / "worked_examples.toml").is_file()
    True
    """
    env = os.environ.get(_DATA_ENV)
    if env:
        return Path(env)
    return _package_data_folder()


@functools.lru_cache(maxsize=1)
def _package_data_folder() -> Path:
    """The data folder of the package or the checkout, looked up once (a report asks often)."""
    package = Path(__file__).resolve().parent
    inside = package / "data"
    return inside if (inside / "worked_examples.toml").is_file() else package.parent / "data"


def data_file(name: str) -> Path:
    """The path of one of the course's data files, whatever the current folder is.

    The notebooks read their data through this function rather than a relative path such as
    ``../data/…``, so that a copy of a notebook (``make student``) runs in any folder.

    Parameters
    ----------
    name : str
        A file name in the course's ``data/`` folder, e.g. ``"many_datasets_accuracies.csv"``.

    Returns
    -------
    pathlib.Path
        ``name`` in :func:`data_folder` (``$EVALKIT_DATA``, the installed package's data, or the
        repository's ``data/``). The file must exist.

    Examples
    --------
    >>> data_file("cv_type1_simulation.csv").name
    'cv_type1_simulation.csv'
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a file name (a string); got {name!r}")
    if not name or Path(name).name != name:
        raise ValueError(f"name must be a file name in the course's data folder; got {name!r}")
    folder = data_folder()
    path = folder / name
    if not path.is_file():
        available = sorted(p.name for p in folder.glob("*")) if folder.is_dir() else []
        raise FileNotFoundError(
            f"the course's data folder {folder} has no file {name!r}; it has {available}"
        )
    return path


def _as_noise(noise: Any) -> float:
    if isinstance(noise, (bool, np.bool_)) or not isinstance(noise, numbers.Real):
        raise TypeError(f"noise must be a number in [0, 0.5] (a fraction of labels); got {noise!r}")
    value = float(noise)
    if not 0.0 <= value <= 0.5:  # False for NaN too
        raise ValueError(
            f"noise must be a fraction in [0, 0.5] (0.5 makes labels pure chance); got {noise!r}"
        )
    return value


def true_class(X: Any) -> np.ndarray:
    """The noise-free class of each point: 1 (circle) if 0.5 ≤ √(x1² + x2²) ≤ 1, else 0 (triangle).

    This is the corrected condition of Symeonidis' overfitting example: triangles lie outside the
    ring, r < 0.5 or r > 1 (the slide prints "r > 0.5 or r < 1").

    Parameters
    ----------
    X : array_like, shape (n, 2)
        Points (x1, x2).

    Returns
    -------
    ndarray of int, shape (n,)
        1 for points in the ring (circles), 0 for the others (triangles).

    Examples
    --------
    >>> true_class([[0.0, 0.0], [0.75, 0.0], [0.0, -1.0], [1.2, 0.3]]).tolist()
    [0, 1, 1, 0]
    """
    arr = np.asarray(X)
    if arr.dtype == object or arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        raise TypeError(f"X must be an array of numbers of shape (n, 2); got {X!r}")
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"X must have shape (n, 2) (one point per row); got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError("X must contain only finite numbers; got NaN or infinity")
    radius = np.hypot(arr[:, 0], arr[:, 1])
    return ((radius >= INNER_RADIUS) & (radius <= OUTER_RADIUS)).astype(int)


def _sample_region(rng: np.random.Generator, count: int, circles: bool) -> np.ndarray:
    """``count`` points uniform in the square, conditioned on lying in (or outside) the ring."""
    # Rejection sampling from the square: the ring covers π(1 − 0.25)/9 ≈ 26 % of the square.
    accept_rate = np.pi * (OUTER_RADIUS**2 - INNER_RADIUS**2) / (2 * HALF_WIDTH) ** 2
    if not circles:
        accept_rate = 1.0 - accept_rate
    chunks, have = [], 0
    while have < count:
        batch = int(1.2 * (count - have) / accept_rate) + 16
        points = rng.uniform(-HALF_WIDTH, HALF_WIDTH, size=(batch, 2))
        keep = true_class(points) == (1 if circles else 0)
        chunks.append(points[keep])
        have += int(keep.sum())
    return np.concatenate(chunks)[:count]


def circles_and_triangles(
    n_per_class: int = 500, noise: float = 0.0, rng: Any = None
) -> tuple[np.ndarray, np.ndarray]:
    """Symeonidis' circles-and-triangles data set, with the corrected triangle condition.

    Circles (label 1) are uniform in the ring 0.5 ≤ √(x1² + x2²) ≤ 1; triangles (label 0) are
    uniform in the rest of the square [−1.5, 1.5]², i.e. r < 0.5 or r > 1 (the slide prints
    "r > 0.5 or r < 1", which every point satisfies). Symeonidis, *Pattern Recognition: Evaluating
    classification models*, slide 'Υπερεκπαίδευση (Παράδειγμα)': 500 circles and 500 triangles.

    Parameters
    ----------
    n_per_class : int, default 500
        Number of points of each class (≥ 1); the result has ``2 * n_per_class`` rows.
    noise : float in [0, 0.5], default 0
        Label noise: the fraction of each class whose labels are flipped. ``noise * n_per_class``
        (rounded to the nearest whole number, halves up) circles chosen at random are labelled
        triangle, and as many triangles are labelled circle, so each label still occurs exactly
        ``n_per_class`` times while the positions stay where they were drawn. With the same
        seed, changing ``noise`` changes only the labels, and the flipped points of a smaller
        noise level are among those of a larger one. At 0.5 the labels carry no information
        about position.
    rng : numpy.random.Generator, int or None
        Random generator or seed (``None``: fresh, unseeded entropy).

    Returns
    -------
    X : ndarray, shape (2 * n_per_class, 2)
        The points (x1, x2), rows in random order (so any first k rows are a random sample).
    y : ndarray of int, shape (2 * n_per_class,)
        The labels: 1 = circle, 0 = triangle (flipped for the noisy points).

    See Also
    --------
    true_class : the noise-free label of any point (``y != true_class(X)`` marks the noisy ones).

    Examples
    --------
    >>> X, y = circles_and_triangles(500, rng=7)
    >>> X.shape, int(y.sum()), int((y == 0).sum())
    ((1000, 2), 500, 500)
    >>> bool(np.all(y == true_class(X)))
    True
    >>> X, y = circles_and_triangles(100, noise=0.1, rng=7)
    >>> int((y != true_class(X)).sum())  # 10 circles and 10 triangles flipped
    20
    """
    n = as_count(n_per_class, "n_per_class", minimum=1)
    fraction = _as_noise(noise)
    gen = as_generator(rng, allow_none=True)

    circles = _sample_region(gen, n, circles=True)
    triangles = _sample_region(gen, n, circles=False)
    X = np.concatenate([circles, triangles])
    y = np.concatenate([np.ones(n, dtype=int), np.zeros(n, dtype=int)])

    # Label noise: flip the first `flips` of a random order of each class. The permutations are
    # drawn whatever the noise level, so a seed gives the same points at every level.
    flips = int(np.floor(fraction * n + 0.5))  # nearest whole number, halves up
    flip_circles = gen.permutation(n)[:flips]
    flip_triangles = n + gen.permutation(n)[:flips]
    y[flip_circles] = 0
    y[flip_triangles] = 1

    order = gen.permutation(2 * n)
    return X[order], y[order]


def pessimistic_error(training_errors: Any, leaves: Any, records: Any, penalty: Any = 0.5) -> Any:
    """Pessimistic estimate of a decision tree's generalization error rate.

    Each leaf t adds a penalty ξ to its training errors, e'(t) = e(t) + ξ, so the whole tree T
    with N leaves has e'(T) = e(T) + N·ξ errors, and the estimated error rate is

        e'(T) / records = (training_errors + leaves × penalty) / records.

    Symeonidis, *Pattern Recognition: Evaluating classification models*, slide 'Σφάλματα
    Γενίκευσης' (generalization errors): a tree with 30 leaves and 10 training errors on 1000
    records has training error 10/1000 = 1 % and pessimistic error (10 + 30 × 0.5)/1000 = 2.5 %.
    (The optimistic estimate is the training error itself, e'(t) = e(t), i.e. ``penalty=0``.)

    Parameters
    ----------
    training_errors : int or array_like of int
        e(T), the number of misclassified training records (0 ≤ training_errors ≤ records).
    leaves : int or array_like of int
        N, the number of leaves (terminal nodes), ≥ 1.
    records : int or array_like of int
        The number of training records, ≥ 1.
    penalty : float or array_like, default 0.5
        ξ, the penalty per leaf (finite, ≥ 0).

    Returns
    -------
    float or ndarray
        The pessimistic error rate (broadcast over the inputs). It is an estimate, not a
        probability: a tree with many leaves per record can score above 1.

    Examples
    --------
    >>> pessimistic_error(10, 30, 1000)
    0.025
    >>> pessimistic_error(10, 30, 1000, penalty=0)  # optimistic: the training error
    0.01
    >>> pessimistic_error([40, 10, 0], [4, 30, 120], 1000).round(4).tolist()
    [0.042, 0.025, 0.06]
    """
    errors = as_counts(training_errors, "training_errors")
    n_leaves = as_counts(leaves, "leaves", minimum=1)
    n_records = as_counts(records, "records", minimum=1)
    xi = _as_penalty(penalty)
    errors, n_leaves, n_records, xi = broadcast(
        training_errors=errors, leaves=n_leaves, records=n_records, penalty=xi
    )
    check_at_most(errors, n_records, "training_errors", "records")
    return to_output((errors + n_leaves * xi) / n_records)


def _as_penalty(penalty: Any) -> np.ndarray:
    if isinstance(penalty, (str, bytes)):
        raise TypeError(f"penalty must be a number ≥ 0; got {penalty!r}")
    arr = np.asarray(penalty)
    if arr.dtype == bool or arr.dtype == object or not np.issubdtype(arr.dtype, np.number):
        raise TypeError(f"penalty must be a number ≥ 0; got {penalty!r}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"penalty must be real; got {penalty!r}")
    arr = arr.astype(float)
    if arr.size == 0:
        raise ValueError("penalty must not be empty")
    bad = ~(np.isfinite(arr) & (arr >= 0))
    if bad.any():
        raise ValueError(
            f"penalty must be a finite number ≥ 0; got {arr[bad].reshape(-1)[0].item()!r}"
        )
    return arr
