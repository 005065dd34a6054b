"""The report's HTML pages (what Jupyter shows for a result): tables of the numbers, sentences.

:func:`overview_page` serves one classifier's report and the comparison of two on one test set;
:func:`two_sets_page` the comparison on two test sets. Every text is escaped.
"""

from __future__ import annotations

import html
import math
from typing import Any

from evalkit.report.shapes import OneClassifier, TwoClassifiers, TwoTestSets
from evalkit.report.wording import label_text, level_text, pct, pvalue_text


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "–" if not math.isfinite(value) else f"{value:.3f}"
    return html.escape(str(value))


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def overview_page(title: str, reports: list[OneClassifier], comp: TwoClassifiers | None) -> str:
    level = level_text(reports[0].confidence)
    parts = [f"<h4>{html.escape(title)}</h4>"]
    if comp is not None:
        parts.append(f"<p><b>{html.escape(comp.difference_sentence())}</b></p>")
    source = comp if comp is not None else reports[0]
    if source.independence_sentence() is not None:
        parts.append(f"<p>{html.escape(source.independence_sentence())}</p>")
    grouped = reports[0].clustered is not None
    rows = []
    for r in reports:
        cp, w = r.clopper_pearson, r.wilson
        row = [r.name, f"{r.correct} / {r.size}", f"{pct(r.accuracy)} %"]
        if grouped:
            ci = r.clustered
            row += [f"{pct(ci.low)} – {pct(ci.high)}", f"{r.design_effect:.2f}"]
        else:
            row += [f"{pct(cp.low)} – {pct(cp.high)}", f"{pct(w.low)} – {pct(w.high)}"]
        row.append(
            "–" if r.auc is None else f"{r.auc.estimate:.3f} ({r.auc.low:.3f} – {r.auc.high:.3f})"
        )
        if r.cost is not None:
            row.append(f"{r.cost:.3g}")
        rows.append(row)
    header = ["classifier", "correct", "accuracy", f"{level} Clopper–Pearson", f"{level} Wilson"]
    if grouped:
        header[3:] = [
            f"{level} clustered ({reports[0].clustered.method}, {reports[0].groups} groups)",
            "design effect",
        ]
    header.append(f"AUC ({level} DeLong)")
    if reports[0].cost is not None:
        header.append("cost per item")
    parts.append(_table(header, rows))
    if comp is not None:
        (both, only_a), (only_b, neither) = comp.agreement.tolist()
        name_a, name_b = comp.names
        parts.append(
            _table(
                ["", f"{name_b} right", f"{name_b} wrong"],
                [[f"{name_a} right", both, only_a], [f"{name_a} wrong", only_b, neither]],
            )
        )
        tests = [[comp.mcnemar.method, pvalue_text(comp.mcnemar.pvalue), comp.mcnemar_reason]]
        if comp.delong is not None:
            tests.append([comp.delong.method, pvalue_text(comp.delong.pvalue), "equal AUCs"])
        parts.append(_table(["test", "p (two-sided)", "note"], tests))
    class_rows = []
    for r in reports:
        for k, label in enumerate(r.classes):
            class_rows.append(
                [
                    r.name,
                    label_text(label),
                    int(r.class_counts[k]),
                    float(r.recall[k]),
                    float(r.precision[k]),
                    float(r.f1[k]),
                ]
            )
    parts.append(_table(["classifier", "class", "items", "recall", "precision", "F1"], class_rows))
    for title, items in (("Warnings", source.warnings), ("Notes", source.notes)):
        if items:
            listed = "".join(f"<li>{html.escape(item)}</li>" for item in items)
            parts.append(f"<p><b>{title}</b></p><ul>{listed}</ul>")
    return "<div>" + "".join(parts) + "</div>"


def two_sets_page(t: TwoTestSets) -> str:
    """Two classifiers on two test sets: the difference, the accuracies and the tests."""
    level = level_text(t.confidence)
    rows = [
        [name, f"{k} / {size}", f"{pct(acc)} %", f"{pct(ci.low)} – {pct(ci.high)}"]
        for name, acc, k, size, ci in t._rows()
    ]
    tests = [
        [t.test.method, pvalue_text(t.test.pvalue), t.test_reason],
        [t.fisher.method, pvalue_text(t.fisher.pvalue), "for comparison"],
    ]
    return (
        f"<div><h4>{html.escape(t.names[0])} vs {html.escape(t.names[1])} on two "
        "different test sets</h4>"
        f"<p><b>{html.escape(t.difference_sentence())}</b></p>"
        + _table(["classifier", "correct", "accuracy", f"{level} Clopper–Pearson"], rows)
        + _table(["test", "p (two-sided)", "note"], tests)
        + "</div>"
    )
