"""Command line: ``python -m evalkit compare ...`` prints the comparison of two classifiers.

Two forms (every CSV file has a header row with column names)::

    python -m evalkit compare LABELS.csv PRED_A.csv PRED_B.csv
    python -m evalkit compare data.csv --labels y --a pred_a --b pred_b \
        [--scores-a s_a --scores-b s_b]

In the three-file form each file's first column is used unless ``--labels``, ``--a`` or ``--b``
names another one, and ``--scores-a`` / ``--scores-b`` name a column of PRED_A.csv / PRED_B.csv.

``--groups`` gives the group of each test item (its writer, speaker or document): a column of
the one file in the one-file form, or a CSV file with a header row and one row per test item
(its first column is used) in either form. With it the comparison uses the clustered interval
and the clustered McNemar test (:func:`evalkit.report.compare_classifiers` with ``groups=``);
without it the summary says that the items are assumed independent. Group ids are text.
In the one-file form ``--labels``, ``--a`` and ``--b`` are required and every column comes from
the one file. Labels are compared as text, except that when every label and prediction is a
number they are compared as numbers (so ``1`` and ``1.0`` are the same class).

The summary of :func:`evalkit.report.compare_classifiers` is printed (``--json``: its
``to_dict()`` as JSON); McNemar's test is the mid-p form unless ``--mcnemar`` names another
(``exact``, ``asymptotic``, ``corrected``). ``--cost`` takes a cost matrix (a CSV file of
numbers or inline rows such as ``'0,1;5,0'``; rows = true class, columns = predicted class,
classes in sorted order). The field separator of every CSV file is detected with the standard
library's sniffer (comma, semicolon, tab or ``|``), or set with ``--delimiter``. Predictions of a
class that no test item has are accepted, with a warning in the summary. Bad input — a missing
file, a missing column, an empty cell, files of different lengths, scores that are not numbers,
a cost matrix that is not numbers or not square for the classes — ends with exit code 2 and a
one-line message on stderr.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

PROG = "python -m evalkit"


class InputError(Exception):
    """A problem with the user's files or options (exit code 2)."""


#: Field separators the sniffer may choose from (``--delimiter`` sets one explicitly).
DELIMITERS = ",;\t|"
_DELIMITER_NAMES = {"tab": "\t", "\\t": "\t", "comma": ",", "semicolon": ";", "pipe": "|"}


def _delimiter(text: str, given: str | None) -> str:
    """The field separator: ``given``, or what the standard library's CSV sniffer finds."""
    if given is not None:
        return given
    try:
        return csv.Sniffer().sniff(text[:8192], delimiters=DELIMITERS).delimiter
    except csv.Error:  # one column, or nothing to tell separators apart: the CSV default
        return ","


def _read_rows(path: str, delimiter: str | None) -> list[list[str]]:
    """The non-blank rows of a CSV file (the separator sniffed if not given)."""
    file = Path(path)
    if not file.is_file():
        raise InputError(f"file not found: {path}")
    try:
        with file.open(newline="", encoding="utf-8-sig") as handle:
            text = handle.read()
        reader = csv.reader(text.splitlines(), delimiter=_delimiter(text, delimiter))
        return [row for row in reader if any(cell.strip() for cell in row)]
    except UnicodeDecodeError as exc:
        raise InputError(f"{path} is not a UTF-8 text (CSV) file") from exc
    except csv.Error as exc:
        raise InputError(f"{path} is not a valid CSV file: {exc}") from exc


def _read_table(path: str, delimiter: str | None = None) -> tuple[list[str], list[list[str]]]:
    """Header and rows of a CSV file (blank lines skipped; the separator sniffed if not given)."""
    rows = _read_rows(path, delimiter)
    if not rows:
        raise InputError(f"{path} is empty (expected a header row and one row per test item)")
    header = [cell.strip() for cell in rows[0]]
    if len(rows) == 1:
        raise InputError(f"{path} has a header row but no data rows")
    return header, rows[1:]


def _column(path: str, table: tuple[list[str], list[list[str]]], name: str | None) -> list[str]:
    """The values of column ``name`` (default: the first column) of a read table."""
    header, rows = table
    if name is None:
        index = 0
    elif name in header:
        index = header.index(name)
    else:
        hint = ""
        if len(header) == 1:
            found = [d for d in DELIMITERS[1:] if d in header[0]]
            if found:
                shown = "tab" if found[0] == "\t" else found[0]
                hint = (
                    f" (is the file separated by {shown!r}? name the separator with "
                    f"--delimiter {shown!r})"
                )
        raise InputError(
            f"{path} has no column {name!r}; its columns are {', '.join(map(repr, header))}{hint}"
        )
    column = header[index] or f"column {index + 1}"
    values = []
    for line, row in enumerate(rows, start=2):
        value = row[index].strip() if index < len(row) else ""
        if value == "":
            raise InputError(f"{path}, line {line}: no value in column {column!r}")
        values.append(value)
    return values


def _numbers(path: str, column: str, values: list[str]) -> list[float]:
    out = []
    for line, value in enumerate(values, start=2):
        try:
            number = float(value)
        except ValueError:
            raise InputError(
                f"{path}, line {line}: score {value!r} in column {column!r} is not a number"
            ) from None
        if not math.isfinite(number):
            raise InputError(
                f"{path}, line {line}: score {value!r} in column {column!r} is not finite"
            )
        out.append(number)
    return out


def _as_numbers_if_all_numeric(*columns: list[str]) -> list[list]:
    """Labels as numbers when every value of every column is one, else unchanged text."""
    try:
        converted = [[float(v) for v in col] for col in columns]
    except ValueError:
        return [list(col) for col in columns]
    if not all(math.isfinite(v) for col in converted for v in col):
        return [list(col) for col in columns]
    if all(v.is_integer() for col in converted for v in col):
        return [[int(v) for v in col] for col in converted]
    return converted


def _delimiter_option(value: str) -> str:
    """argparse type of --delimiter: one character, or tab / comma / semicolon / pipe."""
    value = _DELIMITER_NAMES.get(value.lower(), value)
    if len(value) != 1:
        raise argparse.ArgumentTypeError(
            f"expected one character or tab, comma, semicolon, pipe; got {value!r}"
        )
    return value


def _cost_matrix(value: str, delimiter: str | None) -> list[list[float]]:
    """--cost: a CSV file of numbers (one row per true class), or inline rows like '0,1;5,0'."""
    if Path(value).is_file():
        rows, where = _read_rows(value, delimiter), value
    else:
        rows = [row.split(",") for row in value.split(";") if row.strip()]
        where = "--cost"
    matrix = []
    for i, row in enumerate(rows, start=1):
        try:
            matrix.append([float(cell) for cell in row])
        except ValueError:
            raise InputError(
                f"{where}: row {i} of the cost matrix is not all numbers: {row!r} (write the "
                "matrix as rows of numbers, one per true class in sorted order, e.g. "
                "--cost '0,1;5,0', or give a CSV file of numbers)"
            ) from None
    if not matrix:
        raise InputError(f"{where}: the cost matrix is empty")
    return matrix


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Evaluate and compare classifiers honestly (the evalkit course's helper).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    compare = commands.add_parser(
        "compare",
        help="compare two classifiers on the same test set",
        description=(
            "Compare two classifiers on the same test set: accuracies with intervals, McNemar's "
            "test, the paired difference, per-class measures and (with scores) ROC/AUC. Give "
            "either three CSV files (labels, predictions of A, predictions of B) or one CSV "
            "file with --labels, --a and --b naming its columns. Every file needs a header row."
        ),
    )
    compare.add_argument("files", nargs="+", metavar="CSV", help="one or three CSV files")
    compare.add_argument("--labels", help="column of the true labels")
    compare.add_argument("--a", dest="col_a", help="column of classifier A's predictions")
    compare.add_argument("--b", dest="col_b", help="column of classifier B's predictions")
    compare.add_argument("--scores-a", dest="scores_a", help="column of classifier A's scores")
    compare.add_argument("--scores-b", dest="scores_b", help="column of classifier B's scores")
    compare.add_argument(
        "--groups",
        metavar="COLUMN_OR_FILE",
        help="the group (writer, speaker, document) of each test item: a column of the one "
        "CSV file, or a CSV file with one row per test item (first column); the items are "
        "assumed independent without it",
    )
    compare.add_argument(
        "--names", nargs=2, metavar=("NAME_A", "NAME_B"), help="names in the text (default A B)"
    )
    compare.add_argument(
        "--confidence", type=float, default=0.95, help="confidence level (default 0.95)"
    )
    compare.add_argument("--positive", help="the class the scores are for (default: the last)")
    compare.add_argument(
        "--mcnemar",
        choices=("mid-p", "exact", "asymptotic", "corrected"),
        default="mid-p",
        help="the form of McNemar's test (default mid-p, recommended by Fagerland, Lydersen & "
        "Laake 2013; exact never exceeds the level but is conservative)",
    )
    compare.add_argument(
        "--cost",
        metavar="MATRIX",
        help="cost matrix (rows = true class, columns = predicted class, classes in sorted "
        "order): a CSV file of numbers, or inline rows like '0,1;5,0'",
    )
    compare.add_argument(
        "--delimiter",
        type=_delimiter_option,
        help="field separator of the CSV files (default: detected; e.g. ';' or tab)",
    )
    compare.add_argument(
        "--json", action="store_true", help="print all numbers as JSON instead of the summary"
    )
    return parser


def _load(args: argparse.Namespace) -> dict:
    files = args.files
    if len(files) == 1:
        path = files[0]
        missing = [
            flag
            for flag, v in (("--labels", args.labels), ("--a", args.col_a), ("--b", args.col_b))
            if v is None
        ]
        if missing:
            raise InputError(
                f"with one CSV file, name its columns with --labels, --a and --b (missing: "
                f"{', '.join(missing)})"
            )
        table = _read_table(path, args.delimiter)
        y = _column(path, table, args.labels)
        pa = _column(path, table, args.col_a)
        pb = _column(path, table, args.col_b)
        score_sources = [(path, table, args.scores_a), (path, table, args.scores_b)]
        sizes = {path: len(y)}
    elif len(files) == 3:
        label_path, path_a, path_b = files
        tables = [_read_table(p, args.delimiter) for p in files]
        y = _column(label_path, tables[0], args.labels)
        pa = _column(path_a, tables[1], args.col_a)
        pb = _column(path_b, tables[2], args.col_b)
        score_sources = [(path_a, tables[1], args.scores_a), (path_b, tables[2], args.scores_b)]
        sizes = {label_path: len(y), path_a: len(pa), path_b: len(pb)}
        if len(set(sizes.values())) > 1:
            listed = ", ".join(f"{p} has {n}" for p, n in sizes.items())
            raise InputError(
                f"the files must have one row per test item, in the same order; {listed} rows"
            )
    else:
        raise InputError(
            f"give one CSV file (with --labels, --a, --b) or three (labels, predictions of A, "
            f"predictions of B); got {len(files)}"
        )
    if (args.scores_a is None) != (args.scores_b is None):
        raise InputError("give --scores-a and --scores-b together (or neither)")
    scores = [None, None]
    if args.scores_a is not None:
        scores = [_numbers(p, col, _column(p, t, col)) for p, t, col in score_sources]
    y, pa, pb = _as_numbers_if_all_numeric(y, pa, pb)
    positive = args.positive
    if positive is not None and y and not isinstance(y[0], str):
        try:
            positive = float(positive)
            positive = int(positive) if positive.is_integer() else positive
        except ValueError:
            pass
    if len(files) == 1:
        where = f"y_true, pred_a and pred_b are columns {args.labels!r}, {args.col_a!r} and "
        where += f"{args.col_b!r} of {files[0]}"
    else:
        where = f"y_true, pred_a and pred_b come from {files[0]}, {files[1]} and {files[2]}"
    cost = None if args.cost is None else _cost_matrix(args.cost, args.delimiter)
    groups = None
    if args.groups is not None:
        one_table = (files[0], table) if len(files) == 1 else None
        groups = _groups(args.groups, one_table, len(y), args.delimiter)
        where += f"; groups from {args.groups}"
    return {
        "y": y,
        "a": pa,
        "b": pb,
        "scores": scores,
        "positive": positive,
        "cost": cost,
        "groups": groups,
        "where": where,
    }


def _groups(
    value: str,
    one_table: tuple[str, tuple[list[str], list[list[str]]]] | None,
    size: int,
    delimiter: str | None,
) -> list[str]:
    """--groups: a column of the one file, else a CSV file whose first column is used."""
    if one_table is not None and value in one_table[1][0]:
        return _column(one_table[0], one_table[1], value)
    if not Path(value).is_file():
        where = f"no column {value!r} in {one_table[0]} and " if one_table is not None else ""
        raise InputError(
            f"--groups: {where}no file {value!r} (name a column of the one CSV file, or a CSV "
            "file with a header row and the group of each test item)"
        )
    groups = _column(value, _read_table(value, delimiter), None)
    if len(groups) != size:
        raise InputError(
            f"--groups: {value} has {len(groups)} rows, but there are {size} test items (one "
            "row per test item, in the same order)"
        )
    return groups


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse prints its own message on stderr
        return int(exc.code or 0)
    from evalkit.report import compare_classifiers

    try:
        data = _load(args)
    except InputError as exc:
        print(f"{PROG} compare: error: {exc}", file=sys.stderr)
        return 2
    try:
        names = tuple(args.names) if args.names else ("A", "B")
        result = compare_classifiers(
            data["y"],
            data["a"],
            data["b"],
            scores_a=data["scores"][0],
            scores_b=data["scores"][1],
            names=names,
            confidence=args.confidence,
            positive=data["positive"],
            cost=data["cost"],
            mcnemar_method=args.mcnemar,
            groups=data["groups"],
        )
    except (ValueError, TypeError) as exc:
        print(f"{PROG} compare: error: {exc} ({data['where']})", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(result.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
