"""Keep the navigation line (previous · course map · next) of every notebook in sync.

Each notebook has a markdown cell tagged ``navigation`` as its first and as its last cell. This
tool writes them from the course list below, linking only notebooks that exist.

    python tools/navigation.py            # update the notebooks in place
    python tools/navigation.py --check    # exit 1 and list the stale notebooks (used by a test)

Only the navigation cells are touched; their outputs-free markdown does not affect nbval.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"

#: The course in order: file stem and short title (the README's course map says the same).
COURSE = [
    ("00_start_here", "Start here"),
    ("01_bernoulli_binomial_beta", "Bernoulli, binomial and beta"),
    ("02_confidence_intervals", "Confidence intervals for accuracy"),
    ("03_independent_test_sets", "Two classifiers, two test sets"),
    ("04_paired_comparisons", "Two classifiers, one test set"),
    ("05_cross_validation", "Error estimation and cross-validation"),
    ("06_confusion_and_roc", "Confusion matrix, cost and ROC"),
    ("07_overfitting", "Overfitting"),
    ("08_many_datasets", "Many data sets"),
    ("09_bootstrap_any_metric", "Bootstrap intervals for any metric"),
    ("10_evaluate_your_own", "Evaluate your own classifiers"),
    ("11_planning_a_test_set", "Planning a test set"),
    ("12_bayesian_comparison", "Bayesian comparison"),
    ("13_dependent_test_items", "Dependent test items"),
    ("14_beyond_accuracy", "Beyond one accuracy"),
    ("15_noninferiority", "Non-inferiority and equivalence"),
]
TAG = "navigation"


def existing() -> list[tuple[str, str]]:
    return [(stem, title) for stem, title in COURSE if (NOTEBOOK_DIR / f"{stem}.ipynb").exists()]


def navigation_line(stem: str) -> str:
    """The markdown navigation line of notebook ``stem``."""
    present = existing()
    stems = [s for s, _ in present]
    i = stems.index(stem)
    parts = []
    if i > 0:
        prev_stem, prev_title = present[i - 1]
        parts.append(f"[← {prev_stem[:2]} {prev_title}]({prev_stem}.ipynb)")
    parts.append("[Course map](00_start_here.ipynb#The-course-map)")
    if i + 1 < len(present):
        next_stem, next_title = present[i + 1]
        parts.append(f"[{next_stem[:2]} {next_title} →]({next_stem}.ipynb)")
    return " · ".join(parts)


def _nav_cell(text: str, cell_id: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_markdown_cell(text, id=cell_id)
    cell.metadata["tags"] = [TAG]
    return cell


def synced(nb: nbformat.NotebookNode, stem: str) -> nbformat.NotebookNode:
    """Return ``nb`` with its first and last cells the navigation cells of ``stem``."""
    line = navigation_line(stem)
    cells = [c for c in nb.cells if TAG not in c.get("metadata", {}).get("tags", [])]
    nb.cells = [_nav_cell(line, "navigation-top"), *cells, _nav_cell(line, "navigation-bottom")]
    return nb


def is_stale(path: Path) -> bool:
    nb = nbformat.read(path, as_version=4)
    cells = nb.cells
    line = navigation_line(path.stem)
    tagged = [TAG in c.get("metadata", {}).get("tags", []) for c in cells]
    return not (
        len(cells) >= 2
        and tagged[0]
        and tagged[-1]
        and sum(tagged) == 2
        and cells[0].source == line
        and cells[-1].source == line
        and cells[0].get("id") == "navigation-top"
        and cells[-1].get("id") == "navigation-bottom"
    )


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for stem, _ in existing():
        path = NOTEBOOK_DIR / f"{stem}.ipynb"
        if not is_stale(path):
            continue
        stale.append(path.name)
        if not check:
            nb = nbformat.read(path, as_version=4)
            nbformat.write(synced(nb, stem), path)
    if check and stale:
        print("stale navigation cells (run python tools/navigation.py):", ", ".join(stale))
        return 1
    if not check and stale:
        print("updated:", ", ".join(stale))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
