"""Command line: ``python -m evalkit compare ...`` prints the comparison of two classifiers.

Two forms::

    python -m evalkit compare LABELS.csv PRED_A.csv PRED_B.csv
    python -m evalkit compare data.csv --labels y --a pred_a --b pred_b \
        [--scores-a s_a --scores-b s_b]

In the three-file form each file's first column is used unless ``--labels``, ``--a`` or ``--b``
names another one, and ``--scores-a`` / ``--scores-b`` name a column of PRED_A.csv / PRED_B.csv.
A file whose columns are named needs a header row. A file whose first column is used may have
none: its first row is read as data when every cell of it reads like the rest of its column (a
number where the column holds numbers, else a value the column holds again), and a note on
stderr says so; otherwise the first row is the header.

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
(``exact``, ``asymptotic``, ``corrected``); ``--halfwidth`` sets the precision the test-set size
is checked for (default 0.05); ``--margin 0.02`` adds whether A is non-inferior to B within 2
points (notebook 15). The text names these options where the report's sentences name
Python arguments (``--mcnemar exact`` for ``mcnemar_method='exact'``), and so do its error
messages (``--scores-a and --scores-b need …``, ``the labels have …``, where the Python function
says ``y_score_a and y_score_b need …``, ``y_true has …``). ``--cost`` takes a cost
matrix (a CSV file of numbers or inline rows such as ``'0,1;5,0'``; rows = true class, columns =
predicted class, classes in sorted order; no negative costs). The field separator of every CSV
file is detected with the standard library's sniffer (comma, semicolon, tab or ``|``), or set with
``--delimiter``. Predictions of a class that no test item has are accepted, with a warning in the
summary. Bad input — a missing
file, a missing column, an empty cell, files of different lengths, scores that are not numbers,
a cost matrix that is not numbers, has a negative cost or is not square for the classes (the
message lists the classes in their order) — ends with exit code 2 and a one-line message on
stderr.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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


#: A read CSV file: its header (None when it has none), its data rows, and the line number of
#: the first data row (for messages).
Table = tuple[list[str] | None, list[list[str]], int]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _reads_as_data(rows: list[list[str]]) -> bool:
    """Whether the first row reads like the rest: a number in every column of numbers, and in
    every other column a value that the column holds again (a class, not a column name)."""
    first = [cell.strip() for cell in rows[0]]
    for j, cell in enumerate(first):
        rest = [row[j].strip() for row in rows[1:] if j < len(row) and row[j].strip()]
        if not cell or not rest:
            return False
        if all(_is_number(value) for value in rest):
            if not _is_number(cell):
                return False
        elif cell not in rest:
            return False
    return True


def _read_table(path: str, delimiter: str | None = None, *, named: bool = True) -> Table:
    """Header and rows of a CSV file (blank lines skipped; the separator sniffed if not given).

    With ``named=False`` (only the first column is used) the file may lack a header row: when
    its first row reads as data (:func:`_reads_as_data`) every row is data and a note on stderr
    says so.
    """
    rows = _read_rows(path, delimiter)
    if not rows:
        raise InputError(f"{path} is empty (expected a header row and one row per test item)")
    if not named and len(rows) > 1 and _reads_as_data(rows):
        print(
            f"{PROG} compare: note: {path} has no header row (its first row, "
            f"{','.join(cell.strip() for cell in rows[0])}, reads as data like the others), so "
            f"all {len(rows)} rows are test items",
            file=sys.stderr,
        )
        return None, rows, 1
    header = [cell.strip() for cell in rows[0]]
    if len(rows) == 1:
        raise InputError(f"{path} has a header row but no data rows")
    return header, rows[1:], 2


def _column(path: str, table: Table, name: str | None) -> list[str]:
    """The values of column ``name`` (default: the first column) of a read table."""
    header, rows, first_line = table
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
    column = (header[index] if header else "") or f"column {index + 1}"
    values = []
    for line, row in enumerate(rows, start=first_line):
        value = row[index].strip() if index < len(row) else ""
        if value == "":
            raise InputError(f"{path}, line {line}: no value in column {column!r}")
        values.append(value)
    return values


def _numbers(path: str, column: str, values: list[str], first_line: int = 2) -> list[float]:
    out = []
    for line, value in enumerate(values, start=first_line):
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


def _cost_matrix(value: str, delimiter: str | None, classes: list) -> list[list[float]]:
    """--cost: a CSV file of numbers (one row per true class), or inline rows like '0,1;5,0'.

    A negative cost is refused (a cost is what an error costs; the report's expected cost and its
    advice assume none is a gain); its message names the classes of its row and column.
    """
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
    for i, row in enumerate(matrix):
        for j, cost in enumerate(row):
            if cost < 0:
                true = f" (true class {classes[i]})" if i < len(classes) else ""
                predicted = f" (predicted class {classes[j]})" if j < len(classes) else ""
                raise InputError(
                    f"{where}: costs must be 0 or more (what each kind of error costs); got "
                    f"{cost:g} in row {i + 1}{true}, column {j + 1}{predicted}"
                )
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
            "file with --labels, --a and --b naming its columns. A file whose columns are "
            "named needs a header row; a file of which the first column is used may lack one "
            "(a note says when its first row is read as data)."
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
        "--halfwidth",
        type=float,
        help="the precision (half-width of each accuracy's interval) to check the test-set size "
        "for (default 0.05, ±5 points)",
    )
    compare.add_argument(
        "--margin",
        type=float,
        help="a non-inferiority margin on the accuracy scale (0.02 for 2 points), chosen before "
        "the data: adds whether A is non-inferior to B (one-sided test at 2.5 %%)",
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
        named = (
            args.labels is not None,
            args.col_a is not None or args.scores_a is not None,
            args.col_b is not None or args.scores_b is not None,
        )
        tables = [
            _read_table(p, args.delimiter, named=n) for p, n in zip(files, named, strict=True)
        ]
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
        scores = [_numbers(p, col, _column(p, t, col), t[2]) for p, t, col in score_sources]
    y, pa, pb = _as_numbers_if_all_numeric(y, pa, pb)
    positive = args.positive
    if positive is not None and y and not isinstance(y[0], str):
        try:
            positive = float(positive)
            positive = int(positive) if positive.is_integer() else positive
        except ValueError:
            pass
    if len(files) == 1:
        where = f"the labels and the predictions of A and B are columns {args.labels!r}, "
        where += f"{args.col_a!r} and {args.col_b!r} of {files[0]}"
    else:
        where = f"the labels and the predictions of A and B come from {files[0]}, {files[1]} "
        where += f"and {files[2]}"
    classes = sorted({*y, *pa, *pb})
    cost = None if args.cost is None else _cost_matrix(args.cost, args.delimiter, classes)
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
    one_table: tuple[str, Table] | None,
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
    groups = _column(value, _read_table(value, delimiter, named=False), None)
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
    from evalkit.report.wording import command_line_terms

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
            y_score_a=data["scores"][0],
            y_score_b=data["scores"][1],
            names=names,
            confidence=args.confidence,
            pos_label=data["positive"],
            cost=data["cost"],
            mcnemar_method=args.mcnemar,
            halfwidth=args.halfwidth,
            groups=data["groups"],
            margin=args.margin,
        )
    except (ValueError, TypeError) as exc:
        message = _command_line_error(str(exc))
        print(f"{PROG} compare: error: {message} ({data['where']})", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(_in_command_line_terms(result.to_dict()), ensure_ascii=False, indent=2))
    else:
        print(command_line_terms(result.summary()))
    return 0


#: compare_classifiers' argument names in its error messages, and what the command line calls
#: them: its options, or the labels and predictions read from the files (no option names those).
_COMMAND_LINE_WORDS = (
    (re.compile(r"\by_true has\b"), "the labels have"),
    (re.compile(r"\by_true\b"), "the labels"),
    (re.compile(r"\by_pred_([ab])\b"), lambda m: f"the predictions of {m[1].upper()}"),
    (re.compile(r"\by_score_([ab])\b"), r"--scores-\1"),
    (re.compile(r"\bnames\[0\]"), "the first of --names"),
    (re.compile(r"\bnames\[1\]"), "the second of --names"),
    (re.compile(r"^pos_label "), "--positive "),
    (re.compile(r"^(cost|halfwidth|confidence|names|margin) "), r"--\1 "),
)


def _command_line_error(message: str) -> str:
    """An error message of compare_classifiers with the command line's words for its arguments.

    Examples
    --------
    >>> _command_line_error("y_true and y_pred_b must have the same length")
    'the labels and the predictions of B must have the same length'
    >>> _command_line_error("y_score_a and y_score_b need 2 items; y_true has 1 of class 1")
    '--scores-a and --scores-b need 2 items; the labels have 1 of class 1'
    >>> _command_line_error("pos_label must be one of the classes of y_true [0, 1]; got 2")
    '--positive must be one of the classes of the labels [0, 1]; got 2'
    """
    for pattern, replacement in _COMMAND_LINE_WORDS:
        message = pattern.sub(replacement, message)
    return message


def _in_command_line_terms(value: Any) -> Any:
    """Every text of ``to_dict()`` with the command line's option names (see ``wording``)."""
    from evalkit.report.wording import command_line_terms

    if isinstance(value, str):
        return command_line_terms(value)
    if isinstance(value, dict):
        return {k: _in_command_line_terms(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_in_command_line_terms(v) for v in value]
    return value


if __name__ == "__main__":
    sys.exit(main())
