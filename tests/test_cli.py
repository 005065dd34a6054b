"""Tests of the command line ``python -m evalkit compare`` (evalkit/__main__.py)."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from evalkit.__main__ import main
from evalkit.report import compare_classifiers
from evalkit.report.wording import command_line_terms
from tests.conftest import REPO

DATA = Path(__file__).resolve().parent / "data"
# the column options of a one-file comparison (tests/data/data.csv and its variants)
COLUMNS = ("--labels", "y", "--a", "pred_a", "--b", "pred_b")
SCORE_COLUMNS = ("--scores-a", "s_a", "--scores-b", "s_b")
LABELS, PRED_A, PRED_B, ONE = (
    str(DATA / f) for f in ("labels.csv", "pred_a.csv", "pred_b.csv", "data.csv")
)


def column(path: str, name: str, kind=int) -> list:
    with open(path, newline="") as handle:
        return [kind(row[name]) for row in csv.DictReader(handle)]


def expected(scores: bool = False, **kwargs):
    y = column(ONE, "y")
    extra = {}
    if scores:
        extra = {"y_score_a": column(ONE, "s_a", float), "y_score_b": column(ONE, "s_b", float)}
    return compare_classifiers(y, column(ONE, "pred_a"), column(ONE, "pred_b"), **extra, **kwargs)


def summary(result) -> str:
    """The summary as the command line prints it: option names instead of Python's arguments."""
    return command_line_terms(result.summary())


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "evalkit", *args], capture_output=True, text=True, cwd=REPO
    )


# ---------------------------------------------------------------------------------------------
# good files


def test_three_files_in_a_subprocess():
    # `python -m evalkit` end to end; the other tests call its main() in this process
    result = run("compare", LABELS, PRED_A, PRED_B)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.strip() == summary(expected())


def test_one_file_with_named_columns_and_scores(capsys):
    code = main(["compare", ONE, *COLUMNS, *SCORE_COLUMNS])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out.strip() == summary(expected(scores=True))
    assert "DeLong's test of equal AUCs" in out.out


def test_three_files_with_score_columns_via_main(capsys):
    code = main(["compare", LABELS, PRED_A, PRED_B, "--scores-a", "score", "--scores-b", "score"])
    out = capsys.readouterr()
    assert code == 0 and out.err == ""
    assert out.out.strip() == summary(expected(scores=True))


def test_names_confidence_and_json(capsys):
    code = main(
        [
            "compare",
            ONE,
            *COLUMNS,
            "--names",
            "old",
            "new",
            "--confidence",
            "0.9",
            "--json",
        ]
    )
    out = capsys.readouterr()
    assert code == 0
    data = json.loads(out.out)
    direct = expected(names=("old", "new"), confidence=0.9)
    assert data["names"] == ["old", "new"]
    assert data["confidence"] == 0.9
    assert data["mcnemar"]["pvalue"] == direct.mcnemar.pvalue
    assert data["difference"]["low"] == direct.difference.low
    assert data["summary"] == summary(direct)


@pytest.mark.parametrize("method", ["mid-p", "exact", "asymptotic", "corrected"])
def test_mcnemar_form_on_request(method, capsys):
    args = ["compare", ONE, *COLUMNS, "--json"]
    code = main(args if method == "mid-p" else [*args, "--mcnemar", method])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    direct = expected(mcnemar_method=method)
    assert data["mcnemar"]["method"] == direct.mcnemar.method
    assert data["mcnemar"]["pvalue"] == direct.mcnemar.pvalue
    assert data["mcnemar_reason"] == command_line_terms(direct.mcnemar_reason)


def test_unknown_mcnemar_form_is_an_argparse_error(capsys):
    assert main(["compare", ONE, *COLUMNS, "--mcnemar", "yates"]) == 2
    assert "invalid choice: 'yates'" in capsys.readouterr().err


def test_text_labels_and_positive_class(tmp_path, capsys):
    y = ["spam", "ham"] * 10
    rng = np.random.default_rng(10)
    s_a = [f"{v:.3f}" for v in rng.random(20)]
    s_b = [f"{v:.3f}" for v in rng.random(20)]
    pa = ["spam" if float(v) > 0.5 else "ham" for v in s_a]
    pb = ["spam" if float(v) > 0.4 else "ham" for v in s_b]
    path = tmp_path / "mail.csv"
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["truth", "first", "second", "sa", "sb"])
        writer.writerows(zip(y, pa, pb, s_a, s_b, strict=True))
    code = main(
        [
            "compare",
            str(path),
            "--labels",
            "truth",
            "--a",
            "first",
            "--b",
            "second",
            "--scores-a",
            "sa",
            "--scores-b",
            "sb",
            "--positive",
            "spam",
        ]
    )
    out = capsys.readouterr()
    assert code == 0, out.err
    direct = compare_classifiers(
        y,
        pa,
        pb,
        y_score_a=[float(v) for v in s_a],
        y_score_b=[float(v) for v in s_b],
        pos_label="spam",
    )
    assert out.out.strip() == summary(direct)
    assert "class spam positive" in out.out


def test_numeric_labels_written_differently_are_the_same_class(tmp_path, capsys):
    (tmp_path / "y.csv").write_text("label\n1\n0\n1\n0\n1\n")
    (tmp_path / "a.csv").write_text("pred\n1.0\n0.0\n1.0\n1.0\n1.0\n")
    (tmp_path / "b.csv").write_text("pred\n1\n0\n0\n0\n1\n")
    code = main(["compare", *(str(tmp_path / f) for f in ("y.csv", "a.csv", "b.csv"))])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "A: 80.0 % correct (4 of 5;" in out.out


def test_help_exits_zero(capsys):
    assert main(["compare", "--help"]) == 0
    assert "--scores-a" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------
# bad files: exit code 2 and one clear message on stderr


def error_of(argv: list[str], capsys) -> str:
    code = main(argv)
    out = capsys.readouterr()
    assert code == 2
    assert out.out == ""
    return out.err


def test_missing_file(capsys):
    err = error_of(["compare", LABELS, str(DATA / "nope.csv"), PRED_B], capsys)
    assert "error: file not found:" in err and "nope.csv" in err


def test_missing_file_in_a_subprocess():
    result = run("compare", str(DATA / "nope.csv"), "--labels", "y", "--a", "a", "--b", "b")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "python -m evalkit compare: error: file not found:" in result.stderr


def test_missing_column(capsys):
    err = error_of(["compare", ONE, "--labels", "y", "--a", "pred_a", "--b", "pred_c"], capsys)
    assert "has no column 'pred_c'; its columns are 'y', 'pred_a', 'pred_b', 's_a', 's_b'" in err
    err = error_of(
        ["compare", LABELS, PRED_A, PRED_B, "--scores-a", "s", "--scores-b", "s"], capsys
    )
    assert "pred_a.csv has no column 's'" in err


def test_unequal_lengths(capsys):
    err = error_of(["compare", LABELS, str(DATA / "pred_short.csv"), PRED_B], capsys)
    assert "the files must have one row per test item, in the same order" in err
    assert "labels.csv has 60" in err and "pred_short.csv has 59" in err


def test_predicted_classes_absent_from_the_labels_are_accepted_with_a_warning(capsys):
    # pred_words.csv says no/yes where the labels say 0/1: accepted, and the summary warns
    code = main(["compare", LABELS, str(DATA / "pred_words.csv"), PRED_B])
    out = capsys.readouterr()
    assert code == 0 and out.err == ""
    assert "A predicts classes that no test item has ('no', 'yes'; on 60 of 60 items" in out.out
    assert "test classes: '0', '1'" in out.out


def test_absent_class_of_the_second_classifier(tmp_path, capsys):
    (tmp_path / "y.csv").write_text("y\n0\n1\n0\n1\n0\n1\n", encoding="utf-8")
    (tmp_path / "a.csv").write_text("a\n0\n1\n0\n1\n0\n1\n", encoding="utf-8")
    (tmp_path / "b.csv").write_text("b\n0\n1\n2\n1\n0\n2\n", encoding="utf-8")
    code = main(["compare", *(str(tmp_path / f) for f in ("y.csv", "a.csv", "b.csv"))])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "B predicts a class that no test item has (2; on 2 of 6 items" in out.out
    assert "class 2: – / 0.00 / 0.00" in out.out


def test_score_that_is_not_a_number(capsys):
    err = error_of(
        [
            "compare",
            str(DATA / "scores_bad.csv"),
            *COLUMNS,
            *SCORE_COLUMNS,
        ],
        capsys,
    )
    assert "scores_bad.csv, line 6: score 'high' in column 's_a' is not a number" in err


def test_empty_cell(capsys):
    err = error_of(
        [
            "compare",
            str(DATA / "empty_cell.csv"),
            *COLUMNS,
        ],
        capsys,
    )
    assert "empty_cell.csv, line 9: no value in column 'pred_a'" in err


def test_empty_and_header_only_files(tmp_path, capsys):
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert "is empty" in error_of(["compare", str(empty), PRED_A, PRED_B], capsys)
    header = tmp_path / "header.csv"
    header.write_text("label\n")
    assert "has a header row but no data rows" in error_of(
        ["compare", str(header), PRED_A, PRED_B], capsys
    )


def test_single_class_labels(tmp_path, capsys):
    for name in ("y", "a", "b"):
        (tmp_path / f"{name}.csv").write_text("label\n1\n1\n1\n")
    err = error_of(["compare", *(str(tmp_path / f"{n}.csv") for n in "yab")], capsys)
    assert "error: the labels must contain at least two classes; got only 1 (the labels and " in err


#: Python's argument names, which the command line's messages must not use (issue 44).
PYTHON_ARGUMENTS = re.compile(r"\b(y_true|y_pred\w*|y_score\w*|pred_[ab]|scores_[ab]|names\[)")


def test_errors_of_the_report_name_the_labels_and_options_not_python_arguments(tmp_path, capsys):
    # before: "scores_a and scores_b need …; y_true has 1 …" and "(y_true, pred_a and pred_b
    # come from …)": names of compare_classifiers' arguments, which a command-line user never saw
    rows = [("y", "a", "b", "sa", "sb"), *[(v, v, v, v, v) for v in "0001"]]
    data = write_rows(tmp_path / "few.csv", rows, ",")
    one_file = ["compare", data, "--labels", "y", "--a", "a", "--b", "b"]
    err = error_of([*one_file, "--scores-a", "sa", "--scores-b", "sb"], capsys)
    assert "error: --scores-a and --scores-b need at least 2 test items of each class" in err
    assert "the labels have 1 of the positive class 1 and 3 of the other" in err
    assert "(the labels and the predictions of A and B are columns 'y', 'a' and 'b' of " in err
    assert not PYTHON_ARGUMENTS.search(err), err
    checks = [
        (["--scores-a", "sa", "--scores-b", "sb", "--positive", "7"], "error: --positive must be "),
        (["--names", "M", "M"], "error: --names must differ"),
        (["--names", "M", " "], "error: the second of --names must be a non-empty string"),
    ]
    for extra, message in checks:
        err = error_of([*one_file, *extra], capsys)
        assert message in err and not PYTHON_ARGUMENTS.search(err), err
    three = [write_rows(tmp_path / f"{n}.csv", [["c"], *[[v] for v in "012"]], ",") for n in "yab"]
    err = error_of(["compare", *three, "--scores-a", "c", "--scores-b", "c"], capsys)
    assert "error: --scores-a and --scores-b can only be used with two classes" in err
    assert "the labels have 3: [0, 1, 2]" in err and "the labels and the predictions of A" in err
    assert not PYTHON_ARGUMENTS.search(err), err


def test_wrong_number_of_files_and_missing_options(capsys):
    err = error_of(["compare", LABELS, PRED_A], capsys)
    assert "give one CSV file (with --labels, --a, --b) or three" in err
    err = error_of(["compare", ONE, "--labels", "y"], capsys)
    assert "name its columns with --labels, --a and --b (missing: --a, --b)" in err
    err = error_of(["compare", LABELS, PRED_A, PRED_B, "--scores-a", "score"], capsys)
    assert "give --scores-a and --scores-b together" in err


def test_bad_options_are_argparse_errors(capsys):
    assert main(["compare", LABELS, PRED_A, PRED_B, "--confidence", "high"]) == 2
    assert "invalid float value" in capsys.readouterr().err
    assert main(["frobnicate"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    err = error_of(["compare", LABELS, PRED_A, PRED_B, "--confidence", "95"], capsys)
    assert "confidence must be strictly between 0 and 1" in err


@pytest.mark.parametrize("argv", [[], ["compare"]])
def test_no_arguments(argv, capsys):
    assert main(argv) == 2
    assert "usage:" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# separators, cost matrices


def write_rows(path: Path, rows: list[list], sep: str) -> str:
    path.write_text("\n".join(sep.join(str(v) for v in row) for row in rows) + "\n", "utf-8")
    return str(path)


def one_file_rows() -> list[list]:
    with open(ONE, newline="") as handle:
        return list(csv.reader(handle))


@pytest.mark.parametrize(("sep", "name"), [(";", "semicolon"), ("\t", "tab"), ("|", "pipe")])
def test_the_separator_is_detected(tmp_path, sep, name, capsys):
    path = write_rows(tmp_path / f"{name}.csv", one_file_rows(), sep)
    code = main(["compare", path, *COLUMNS, "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert json.loads(out.out)["summary"] == summary(expected())


def test_a_wrong_separator_is_explained(tmp_path, capsys):
    path = write_rows(tmp_path / "semi.csv", one_file_rows(), ";")
    err = error_of(["compare", path, *COLUMNS, "--delimiter", ","], capsys)
    assert "semi.csv has no column 'y'; its columns are 'y;pred_a;pred_b;s_a;s_b'" in err
    assert "(is the file separated by ';'? name the separator with --delimiter ';')" in err
    # and the named separator reads it
    assert main(["compare", path, *COLUMNS, "--delimiter", "semicolon"]) == 0
    capsys.readouterr()


def test_bad_delimiter_option_is_an_argparse_error(capsys):
    assert main(["compare", ONE, *COLUMNS, "--delimiter", ";;"]) == 2
    assert "expected one character or tab, comma, semicolon, pipe" in capsys.readouterr().err


def test_cost_matrix_inline_and_from_a_file(tmp_path, capsys):
    direct = expected(cost=[[0, 1], [5, 0]])
    code = main(["compare", ONE, *COLUMNS, "--cost", "0,1;5,0", "--json"])
    inline = json.loads(capsys.readouterr().out)
    assert code == 0
    assert inline["a"]["cost"] == direct.a.cost and inline["b"]["total_cost"] == direct.b.total_cost
    path = write_rows(tmp_path / "cost.csv", [[0, 1], [5, 0]], ";")
    assert main(["compare", ONE, *COLUMNS, "--cost", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["a"]["cost"] == direct.a.cost
    assert main(["compare", ONE, *COLUMNS, "--cost", "0,1;5,0"]) == 0
    assert "Cost per test item under the given cost matrix" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("cost", "message"),
    [
        ("0,1;five,0", "--cost: row 2 of the cost matrix is not all numbers: ['five', '0']"),
        ("0,1,2;1,0,2;2,2,0", "cost must be"),
        (";", "--cost: the cost matrix is empty"),
    ],
)
def test_bad_cost_matrix(cost, message, capsys):
    assert message in error_of(["compare", ONE, *COLUMNS, "--cost", cost], capsys)


# ---------------------------------------------------------------------------------------------
# --groups (issue 43, point 9): the writer, speaker or document of each item


GROUPS, ONE_GROUPS = (str(DATA / f) for f in ("groups.csv", "data_groups.csv"))


def test_groups_as_a_column_of_the_one_file(capsys):
    code = main(["compare", ONE_GROUPS, *COLUMNS, "--groups", "writer", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    data = json.loads(out.out)
    direct = expected(groups=column(ONE_GROUPS, "writer", str))
    assert data["groups"] == 6 and data["items_assumed_independent"] is False
    assert data["mcnemar"]["method"] == direct.mcnemar.method
    assert data["mcnemar"]["method"].startswith("cluster-robust t test")
    assert data["mcnemar"]["pvalue"] == direct.mcnemar.pvalue
    assert data["difference"]["method"] == direct.difference.method
    assert data["a"]["clustered_interval"]["low"] == direct.a.clustered.low
    assert data["summary"] == summary(direct)


def test_groups_as_a_file_with_three_files(capsys):
    code = main(["compare", LABELS, PRED_A, PRED_B, "--groups", GROUPS])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out.strip() == summary(expected(groups=column(GROUPS, "writer", str)))
    assert "items in 6 groups" in out.out and "assumed independent" not in out.out


def test_without_groups_the_summary_says_the_items_are_assumed_independent(capsys):
    assert main(["compare", LABELS, PRED_A, PRED_B]) == 0
    assert "The test items are assumed independent; if several come from one writer" in (
        capsys.readouterr().out
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["compare", ONE_GROUPS, *COLUMNS, "--groups", "speaker"],
            "--groups: no column 'speaker' in",
        ),
        (["compare", LABELS, PRED_A, PRED_B, "--groups", "writer"], "--groups: no file 'writer'"),
        (
            ["compare", LABELS, PRED_A, PRED_B, "--groups", str(DATA / "groups_short.csv")],
            "has 59 rows, but there are 60 test items",
        ),
        (
            ["compare", LABELS, PRED_A, PRED_B, "--groups", LABELS],
            "groups must name at least two different groups",
        ),
    ],
)
def test_bad_groups(argv, message, capsys, tmp_path):
    if argv[-1] == LABELS:  # a file of one group only
        one = tmp_path / "one.csv"
        one.write_text("writer\n" + "w\n" * 60)
        argv = [*argv[:-1], str(one)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m evalkit compare: error: ") and message in err


# ---------------------------------------------------------------------------------------------
# issue 44, the command line: headerless files, option names in the text, the cost matrix


def headerless_files(tmp_path: Path, y, pred_a, pred_b) -> list[str]:
    return [
        write_rows(tmp_path / f"{name}.csv", [[v] for v in values], ",")
        for name, values in (("labels", y), ("a", pred_a), ("b", pred_b))
    ]


def test_three_files_without_header_rows_keep_every_item(tmp_path, capsys):
    # before: the first row of each file was taken as its header, and 39 of 40 items reported
    y, pred_a, pred_b = (
        column(ONE, "y")[:40],
        column(ONE, "pred_a")[:40],
        column(ONE, "pred_b")[:40],
    )
    files = headerless_files(tmp_path, y, pred_a, pred_b)
    code = main(["compare", *files])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out.strip() == summary(compare_classifiers(y, pred_a, pred_b))
    assert "on the same 40 test items" in out.out
    assert out.err.count("has no header row") == 3
    assert f"{files[0]} has no header row (its first row, {y[0]}, reads as data" in out.err
    assert "so all 40 rows are test items" in out.err


def test_text_labels_without_header_rows(tmp_path, capsys):
    rng = np.random.default_rng(44)
    y = list(rng.choice(["bird", "cat", "dog"], 30))
    pred_a = [c if rng.random() < 0.8 else "cat" for c in y]
    pred_b = [c if rng.random() < 0.7 else "dog" for c in y]
    assert main(["compare", *headerless_files(tmp_path, y, pred_a, pred_b), "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["size"] == 30
    assert out.err.count("has no header row") == 3


def test_a_header_row_is_still_a_header_and_no_note_is_printed(tmp_path, capsys):
    # a label column headed 'label' over numbers, or 'class' over words the column never repeats
    assert main(["compare", LABELS, PRED_A, PRED_B]) == 0
    assert capsys.readouterr().err == ""
    words = write_rows(tmp_path / "y.csv", [["class"], *[[w] for w in ["cat", "dog"] * 20]], ",")
    a = write_rows(tmp_path / "a.csv", [["pred"], *[[w] for w in ["cat", "dog"] * 20]], ",")
    b = write_rows(tmp_path / "b.csv", [["pred"], *[[w] for w in ["dog", "dog"] * 20]], ",")
    assert main(["compare", words, a, b, "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["size"] == 40 and out.err == ""


def test_a_named_column_needs_a_header_row(tmp_path, capsys):
    y, a, b = headerless_files(tmp_path, [0, 1] * 10, [0, 1] * 10, [1, 1] * 10)
    err = error_of(["compare", y, a, b, "--labels", "y"], capsys)
    assert "has no column 'y'; its columns are '0'" in err


PYTHON_SPELLINGS = re.compile(r"\b(mcnemar_method|halfwidth|groups|confidence|positive|cost)=")


def test_the_text_names_command_line_options_not_python_arguments(capsys):
    # the default mid-p test, the default precision target and no --groups: the three sentences
    # that point at an option; before: "mcnemar_method='exact'", "pass halfwidth=…", "groups="
    assert main(["compare", LABELS, PRED_A, PRED_B]) == 0
    text = capsys.readouterr().out
    assert "--mcnemar exact gives a test that never exceeds the level" in text
    assert "the report's default target, --halfwidth 0.05; pass --halfwidth … to state" in text
    assert "pass --groups (their ids)" in text
    assert not PYTHON_SPELLINGS.search(text), PYTHON_SPELLINGS.search(text)
    assert main(["compare", LABELS, PRED_A, PRED_B, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert not PYTHON_SPELLINGS.search(json.dumps(data, ensure_ascii=False))
    assert data["mcnemar_reason"].endswith(
        "--mcnemar exact gives a test that never exceeds the level"
    )
    assert main(["compare", ONE_GROUPS, *COLUMNS, "--groups", "writer"]) == 0
    text = capsys.readouterr().out
    assert "(--groups)" in text and not PYTHON_SPELLINGS.search(text)


def test_halfwidth_option(capsys):
    assert main(["compare", ONE, *COLUMNS, "--halfwidth", "0.02", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    direct = expected(halfwidth=0.02)
    assert data["a"]["halfwidth"] == 0.02 and data["notes"] == list(direct.notes)
    assert data["a"]["trials_needed"] == direct.a.trials_needed
    assert "the halfwidth you asked for" in data["notes"][0]
    err = error_of(["compare", ONE, *COLUMNS, "--halfwidth", "2"], capsys)
    assert "error: --halfwidth must be strictly between 0 and 1" in err


def three_class_files(tmp_path: Path) -> list[str]:
    y = ["bird", "cat", "dog"] * 10
    return [
        write_rows(tmp_path / f"{name}.csv", [[name], *[[v] for v in values]], ",")
        for name, values in (("y", y), ("a", y), ("b", y[1:] + y[:1]))
    ]


def test_a_cost_matrix_of_the_wrong_shape_lists_the_class_order(tmp_path, capsys):
    # before: "cost must be a 3 × 3 matrix like the confusion matrix (rows = true class, …)"
    err = error_of(["compare", *three_class_files(tmp_path), "--cost", "0,1;1,0"], capsys)
    assert "error: --cost must be a 3 × 3 matrix, one row (true class) and one column " in err
    assert "per class in the order bird, cat, dog; got shape (2, 2)" in err
    assert main(["compare", *three_class_files(tmp_path), "--cost", "0,1,2;1,0,1;2,1,0"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(
    ("cost", "message"),
    [
        ("0,-1;1,0", "got -1 in row 1 (true class 0), column 2 (predicted class 1)"),
        ("0,1;-0.5,0", "got -0.5 in row 2 (true class 1), column 1 (predicted class 0)"),
    ],
)
def test_negative_costs_are_refused(cost, message, capsys):
    # before: accepted, and the summary reported a negative expected cost
    err = error_of(["compare", ONE, *COLUMNS, "--cost", cost], capsys)
    assert (
        "error: --cost: costs must be 0 or more (what each kind of error costs); " + message in err
    )


def test_a_negative_cost_names_the_text_classes(tmp_path, capsys):
    err = error_of(
        ["compare", *three_class_files(tmp_path), "--cost", "0,1,2;1,0,1;2,-3,0"], capsys
    )
    assert "got -3 in row 3 (true class dog), column 2 (predicted class cat)" in err


def test_the_atlas_note_on_mcnemar_names_the_option_of_each_interface(monkeypatch, capsys):
    # before: the Python report said "(--mcnemar exact)", the command line's spelling
    from evalkit import atlas

    def liberal(function, *args, **kwargs):
        return "McNemar's test exceeds 5 % here." if function == "paired.mcnemar" else None

    monkeypatch.setattr(atlas, "shortfall_note", liberal)
    said = [w for w in expected().warnings if w.startswith("McNemar's test exceeds")]
    assert said == [
        "McNemar's test exceeds 5 % here. McNemar's exact test (mcnemar_method='exact') never "
        "exceeds the level."
    ]
    assert main(["compare", LABELS, PRED_A, PRED_B]) == 0
    assert "McNemar's exact test (--mcnemar exact) never exceeds" in capsys.readouterr().out
