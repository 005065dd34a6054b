"""Precompute every setting of notebook 05's section 7 widget (folds k × items n × learner).

The widget shows, for 20 data sets of n items from the population of section 1, the k-fold CV
estimates, the true errors and the p-values of the k-fold CV paired t-test. A new setting costs
0.1–0.6 s of computation (a few hundred fits), which a student feels on every slider move, so
the notebook reads all 5 × 5 × 4 = 100 settings from ``data/cv_spread_widget.csv``.

The numbers are computed by the notebook's own code: this script runs the code cells of
notebook 05 that define the population (with the 5 000 "future" items drawn from the notebook's
generator in the same order), ``true_error``, the nearest class mean, the widget's
learners and ``compute_cv_spread`` (by cell id, figures off screen), then calls
``compute_cv_spread(k, n, learner)`` for every option of the widget's controls. Nothing here
repeats the notebook's code, and the notebook recomputes the default setting and checks it
against the table; ``tests/test_resampling.py`` recomputes the corner settings.

Run from the repository root (about 20 s)::

    .venv/bin/python benchmarks/precompute_cv_spread.py

The first line of the CSV records this command and the library versions.
"""

from __future__ import annotations

import csv
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from cells import notebook_namespace  # noqa: E402

NOTEBOOK = ROOT / "notebooks" / "05_cross_validation.ipynb"
OUT = ROOT / "data" / "cv_spread_widget.csv"
COMMAND = ".venv/bin/python benchmarks/precompute_cv_spread.py"

# (cell id, run the cell's source only up to this text, or all of it): the imports; section 1's
# first cell, which draws from the notebook's generator before the population does; the
# population and true_error; the nearest class mean (not the simulation after it); the widget's
# learners and compute_cv_spread
CELLS = [
    ("aeb7257d", None),
    ("ee16d3d2", None),
    ("853fc851", None),
    ("a7aca017", None),
    ("c8b7d75a", "sizes = ["),
    ("066cc076", None),
    ("04e67fa1", None),
    ("0688db30", None),
]
# the options of the widget's controls (the interact cell of section 7)
FOLDS = (2, 3, 5, 10, 20)
SIZES = (30, 60, 100, 200, 400)
HEADER = ["k", "n", "learner", "data_set", "cv_estimate", "true_error", "p_value"]


def main() -> int:
    import numpy as np
    import scipy
    import sklearn

    ns = notebook_namespace(NOTEBOOK, CELLS)
    compute = ns["compute_cv_spread"]
    comment = (
        f"# command: {COMMAND}  (scikit-learn {sklearn.__version__}, numpy {np.__version__}, "
        f"scipy {scipy.__version__}); notebook 05, section 7: compute_cv_spread(k, n, learner) "
        "for every setting of the widget, 20 data sets each\n"
    )
    rows = []
    start = time.perf_counter()
    for learner in ns["WIDGET_LEARNERS"]:
        for k in FOLDS:
            for n in SIZES:
                columns = compute(k, n, learner)
                for data_set, values in enumerate(zip(*columns, strict=True)):
                    # repr of a Python float reads back as the same float
                    rows.append([k, n, learner, data_set, *(repr(float(v)) for v in values)])
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(comment)
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(HEADER)
        writer.writerows(rows)
    print(f"{len(rows)} rows in {time.perf_counter() - start:.1f} s: {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
