"""Precompute the cross-validated accuracies that notebook 08 compares (Demšar 2006 setting).

Six scikit-learn classifiers on fourteen data sets: the four real data sets bundled with
scikit-learn (iris, wine, breast cancer, digits) and ten synthetic ones. Each accuracy is the
pooled 10-fold stratified cross-validated accuracy (correct predictions / n), with the folds
fixed by ``random_state=8``. Running everything takes one to three minutes on two shared cores, too
long for the notebook, so the notebook reads the result from ``data/many_datasets_accuracies.csv``.

Run from the repository root::

    .venv/bin/python benchmarks/precompute_many_datasets.py

The first line of the CSV records this command and the library versions.
"""

from __future__ import annotations

import csv
import sys
import time
from pathlib import Path

import numpy as np
import sklearn
from sklearn import datasets
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

SEED = 8
OUT = Path(__file__).resolve().parent.parent / "data" / "many_datasets_accuracies.csv"
COMMAND = ".venv/bin/python benchmarks/precompute_many_datasets.py"


def load_datasets() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The fourteen data sets: four bundled real ones, ten synthetic (fixed seeds)."""
    out = {}
    for name, loader in [
        ("iris", datasets.load_iris),
        ("wine", datasets.load_wine),
        ("breast_cancer", datasets.load_breast_cancer),
        ("digits", datasets.load_digits),
    ]:
        X, y = loader(return_X_y=True)
        out[name] = (X, y)
    out["moons"] = datasets.make_moons(n_samples=400, noise=0.3, random_state=SEED)
    out["circles"] = datasets.make_circles(n_samples=400, noise=0.15, factor=0.5, random_state=SEED)
    out["gaussian_quantiles"] = datasets.make_gaussian_quantiles(
        n_samples=400, n_features=4, n_classes=3, random_state=SEED
    )
    settings = [
        ("synth_easy", dict(n_features=10, n_informative=3, class_sep=1.5, flip_y=0.01)),
        ("synth_noisy", dict(n_features=10, n_informative=3, class_sep=0.8, flip_y=0.10)),
        ("synth_many_features", dict(n_features=50, n_informative=5, class_sep=1.0, flip_y=0.02)),
        ("synth_three_classes", dict(n_features=8, n_informative=4, n_classes=3, class_sep=1.0)),
        (
            "synth_clusters",
            dict(n_features=6, n_informative=4, n_clusters_per_class=3, class_sep=1.2),
        ),
        ("synth_redundant", dict(n_features=20, n_informative=2, n_redundant=10, class_sep=0.7)),
        ("synth_small_sample", dict(n_samples=80, n_features=5, n_informative=3, class_sep=1.0)),
    ]
    for name, kwargs in settings:
        kwargs = {"n_samples": 400, **kwargs}
        out[name] = datasets.make_classification(random_state=SEED, **kwargs)
    return out


def classifiers() -> dict[str, object]:
    """The six classifiers compared (short names are the CSV's column names)."""
    return {
        "logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
        "knn5": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=5)),
        "naive_bayes": GaussianNB(),
        "tree": DecisionTreeClassifier(random_state=SEED),
        "forest": RandomForestClassifier(n_estimators=100, random_state=SEED, n_jobs=1),
        "svm_rbf": make_pipeline(StandardScaler(), SVC(kernel="rbf", C=1.0)),
    }


def main() -> None:
    start = time.perf_counter()
    data = load_datasets()
    models = classifiers()
    rows = []
    for name, (X, y) in data.items():
        folds = StratifiedKFold(n_splits=10, shuffle=True, random_state=SEED)
        row = {
            "dataset": name,
            "n_samples": X.shape[0],
            "n_features": X.shape[1],
            "n_classes": np.unique(y).size,
        }
        for model_name, model in models.items():
            predicted = cross_val_predict(model, X, y, cv=folds)
            row[model_name] = f"{np.mean(predicted == y):.6f}"
        rows.append(row)
        print(name, {k: row[k] for k in models}, file=sys.stderr)
    header = (
        f"# command: {COMMAND}  (scikit-learn {sklearn.__version__}, numpy {np.__version__}); "
        "pooled 10-fold stratified CV accuracy, folds shuffled with random_state=8\n"
    )
    with OUT.open("w", newline="") as fh:
        fh.write(header)
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {OUT} in {time.perf_counter() - start:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
