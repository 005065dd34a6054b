"""The report's own input checks (the arguments no other evalkit module takes).

Each public function of :mod:`evalkit.report` calls these once, at its start; the numbers are then
computed from the checked arrays. The messages name the argument, its value and what is allowed.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from evalkit._validation import as_labels, as_probabilities, as_real_array, shown
from evalkit.report.rules import DEFAULT_HALFWIDTH


def check_predictions(y: np.ndarray, pred: Any, name: str) -> np.ndarray:
    p = as_labels(pred, name)
    if p.size != y.size:
        raise ValueError(
            f"y_true and {name} must have the same length (one entry per test item); got "
            f"{y.size} and {p.size}"
        )
    if (p.dtype.kind in "US") != (y.dtype.kind in "US"):
        raise TypeError(
            f"y_true and {name} must use the same kind of labels (both numbers or both strings); "
            f"got {y.dtype} and {p.dtype}"
        )
    return p


def all_classes(y: np.ndarray, *predictions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The classes of the test labels and the predictions (sorted), and test items per class.

    A classifier may predict a class that the test set lacks (a class it was trained on, say):
    that class gets a row of zeros in the confusion matrix and a warning, not an error.
    """
    classes = np.unique(np.concatenate([y, *predictions]))
    counts = np.array([np.count_nonzero(y == c) for c in classes], dtype=np.int64)
    return classes, counts


def check_scores(value: Any, name: str, size: int) -> np.ndarray:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a 1-D array of numbers; got {shown(value)}")
    arr = np.asarray(value)
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number) or arr.dtype == bool):
        raise TypeError(
            f"{name} must be a 1-D array of real numbers; got values of type {arr.dtype}"
        )
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must be real; got values of type {arr.dtype}")
    if arr.ndim != 1 or arr.size != size:
        raise ValueError(
            f"{name} must hold one score per test item ({size}); got shape {arr.shape}"
        )
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite; got {arr[~np.isfinite(arr)][0].item()!r}")
    return arr


def check_halfwidth(halfwidth: Any) -> float:
    if halfwidth is None:
        return DEFAULT_HALFWIDTH
    value = as_probabilities(halfwidth, "halfwidth", open_interval=True)
    if value.ndim != 0:
        raise ValueError(f"halfwidth must be a single number; got shape {value.shape}")
    return float(value)


def positive_class(classes: np.ndarray, positive: Any) -> Any:
    if positive is None:
        return classes[-1]
    if not np.any(classes == positive):
        raise ValueError(
            f"pos_label must be one of the classes of y_true {[c.item() for c in classes]!r}; "
            f"got {shown(positive)}"
        )
    return classes[classes == positive][0]


def check_groups(groups: Any, size: int) -> np.ndarray | None:
    """The group of every test item as integer codes (order of first appearance), or None."""
    if groups is None:
        return None
    if isinstance(groups, (str, bytes)) or not hasattr(groups, "__len__"):
        raise TypeError(
            f"groups must be a sequence with the group (writer, speaker, document …) of each "
            f"test item; got {shown(groups)}"
        )
    values = groups.tolist() if isinstance(groups, np.ndarray) else list(groups)
    if isinstance(groups, np.ndarray) and groups.ndim != 1:
        raise ValueError(f"groups must be one-dimensional; got shape {groups.shape}")
    if len(values) != size:
        raise ValueError(
            f"groups must name one group per test item ({size}); got {len(values)} entries"
        )
    codes: dict[Any, int] = {}
    out = np.empty(size, dtype=np.int64)
    for i, value in enumerate(values):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            raise ValueError(f"groups must not contain missing values; got {value!r} at item {i}")
        try:
            out[i] = codes.setdefault(value, len(codes))
        except TypeError:
            raise TypeError(
                f"groups must hold hashable ids (numbers, strings); got {shown(value)} at item {i}"
            ) from None
    if len(codes) < 2:
        raise ValueError(
            f"groups must name at least two different groups; got only {values[0]!r} (with one "
            "group there is nothing to estimate the variance between groups from)"
        )
    return out


def true_labels(y_true: Any) -> tuple[np.ndarray, np.ndarray]:
    """The true labels and their classes (at least two)."""
    y = as_labels(y_true, "y_true")
    classes = np.unique(y)
    if classes.size < 2:
        raise ValueError(
            f"y_true must contain at least two classes; got only {classes[0].item()!r}"
        )
    return y, classes


def check_name(name: Any, what: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise TypeError(f"{what} must be a non-empty string; got {shown(name)}")
    return name


def needs_binary(classes: np.ndarray, which: str) -> None:
    if classes.size != 2:
        raise ValueError(
            f"{which} can only be used with two classes (a ROC curve ranks one class against the "
            f"other); y_true has {classes.size}: {[c.item() for c in classes]!r}"
        )


def check_names(names: Any) -> tuple[str, str]:
    """The two classifiers' names: a pair of different non-empty strings."""
    if not isinstance(names, (tuple, list)) or len(names) != 2:
        raise TypeError(f"names must be a pair of strings like ('A', 'B'); got {shown(names)}")
    name_a = check_name(names[0], "names[0]")
    name_b = check_name(names[1], "names[1]")
    if name_a == name_b:
        raise ValueError(f"names must differ; got {shown(names)}")
    return name_a, name_b


def check_score_classes(is_positive: np.ndarray, positive: Any, which: str) -> None:
    """Scores need at least two test items of each class (for the AUC's interval)."""
    n_pos = int(is_positive.sum())
    n_neg = int(is_positive.size - n_pos)
    if n_pos < 2 or n_neg < 2:
        label = positive.item() if isinstance(positive, np.generic) else positive
        verb = "need" if " and " in which else "needs"
        raise ValueError(
            f"{which} {verb} at least 2 test items of each class (the AUC's interval and DeLong's "
            f"test estimate a variance from each); y_true has {n_pos} of the positive class "
            f"{label!r} and {n_neg} of the other"
        )


def check_cost(cost: Any, classes: np.ndarray) -> np.ndarray | None:
    """The cost matrix as floats, one row and one column per class (None stays None).

    The message for a wrong shape lists the classes in their order, which the rows and columns
    must follow (sorted: the classes of the labels and of the predictions together).
    """
    if cost is None:
        return None
    arr = as_real_array(cost, "cost").astype(float)
    m = classes.size
    if arr.shape != (m, m):
        order = ", ".join(str(c.item()) for c in classes)
        raise ValueError(
            f"cost must be a {m} × {m} matrix, one row (true class) and one column (predicted "
            f"class) per class in the order {order}; got shape {arr.shape}"
        )
    if not np.isfinite(arr).all():
        raise ValueError(f"cost must be finite; got {arr[~np.isfinite(arr)][0].item()!r}")
    return arr
