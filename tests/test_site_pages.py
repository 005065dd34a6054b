"""The website's reference pages, without building the site (tests/browser/test_site.py builds it).

* "Coming from SciPy, statsmodels, scikit-learn or R" (tools/site/coming_from.md): every evalkit
  call on it names a function that exists, with arguments it accepts and a method it knows; every
  SciPy and scikit-learn call names a function of the installed library with those keywords;
  every statsmodels call and default it states matches statsmodels' signatures as recorded from
  its source (statsmodels is not installed).
* The API reference (tools/site/api_reference.py): a page per public module, every name of each
  module's ``__all__`` on one page.
* The links from a notebook's first call of a function to its entry (tools/site/code_links.py):
  on Pygments' highlighting of notebook code (the lexer and HTML classes Sphinx uses), and over
  every notebook of the course. (Sphinx itself is the site extra's; these tests do not need it.)
* The docstring notation the site escapes (tools/site/docstrings.py).
* The page's "the same as" rows, computed: SciPy's and scikit-learn's numbers and evalkit's agree.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys

import nbformat
import pytest

from tests.conftest import NOTEBOOKS, REPO

sys.path.insert(0, str(REPO / "tools" / "site"))
import api_reference
import code_links
import docstrings

PAGE = REPO / "tools" / "site" / "coming_from.md"
MODULES = set(api_reference.public_modules())
SPAN = re.compile(r"`([^`]+)`")


def _rows() -> list[list[str]]:
    """The table rows of the page, as lists of cells (header and rule rows left out)."""
    rows = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("|") and not line.startswith(("|---", "| You write")):
            rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def _evalkit_spans() -> list[str]:
    """Every code span on the page that starts with an evalkit module's name, outside the
    first column (which holds the other libraries' calls, such as pROC's ``roc.test``)."""
    text = PAGE.read_text(encoding="utf-8")
    for row in _rows():
        text = text.replace(row[0], "")
    return [s for s in SPAN.findall(text) if s.split(".")[0] in MODULES and "." in s]


def _library_spans() -> list[str]:
    return [
        s for row in _rows() for s in SPAN.findall(row[0]) if s.startswith(("scipy.", "sklearn."))
    ]


def _function(dotted: str):
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _call(span: str) -> ast.Call | None:
    try:
        node = ast.parse(span, mode="eval").body
    except SyntaxError:
        return None
    return node if isinstance(node, ast.Call) else None


def _callee(call: ast.Call) -> str:
    """The dotted name a call calls (``scipy.stats.binomtest(k, n).proportion_ci(…)`` → the
    first call in the chain, ``scipy.stats.binomtest``)."""
    func = call.func
    while isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call):
        call = func.value
        func = call.func
    return ast.unparse(func)


def _innermost(call: ast.Call) -> ast.Call:
    while isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Call):
        call = call.func.value
    return call


def _check_arguments(function, call: ast.Call) -> list[str]:
    """What is wrong with the call's arguments for ``function``'s signature (empty: nothing)."""
    signature = inspect.signature(function)
    params = signature.parameters
    kinds = {p.kind for p in params.values()}
    problems = []
    if inspect.Parameter.VAR_KEYWORD not in kinds:
        problems += [f"no argument {k.arg}=" for k in call.keywords if k.arg not in params]
    if inspect.Parameter.VAR_POSITIONAL not in kinds and not any(
        isinstance(a, ast.Starred) for a in call.args
    ):
        positional = [
            p for p in params.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]  # fmt: skip
        if len(call.args) > len(positional):
            problems.append(f"{len(call.args)} positional arguments, at most {len(positional)}")
    return problems


def test_the_page_has_tables_with_three_columns():
    rows = _rows()
    assert len(rows) >= 40, len(rows)
    assert all(len(row) == 3 for row in rows), [row for row in rows if len(row) != 3][:3]


@pytest.mark.parametrize("span", sorted(set(_evalkit_spans())), ids=lambda s: s[:70])
def test_every_evalkit_call_on_the_page_exists_with_those_arguments(span):
    call = _call(span)
    dotted = "evalkit." + (ast.unparse(call.func) if call else span.split("(")[0].rstrip("."))
    module, _, name = dotted.rpartition(".")
    target = getattr(importlib.import_module(module), name, None)
    assert target is not None, f"{span}: evalkit has no {dotted}"
    if call is None:
        return
    assert callable(target), f"{span}: {dotted} is not callable"
    assert _check_arguments(target, call) == [], (span, _check_arguments(target, call))
    doc = inspect.getdoc(target) or ""
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg == "method" and isinstance(value, ast.Constant) and value.value != ...:
            # the method's name as the docstring lists it: {"exact", "mid-p", …}
            assert f'"{keyword.value.value}"' in doc, f"{span}: {dotted} knows no such method"


@pytest.mark.parametrize("span", sorted(set(_library_spans())), ids=lambda s: s[:70])
def test_every_scipy_and_sklearn_call_on_the_page_exists(span):
    call = _call(span)
    dotted = _callee(call) if call else span.split("(")[0]
    function = _function(dotted)
    if call is not None:
        inner = _innermost(call)
        assert _check_arguments(function, inner) == [], (span, _check_arguments(function, inner))


# statsmodels is not installed here, so its calls on the page are checked against its signatures
# as recorded from its source (statsmodels/statsmodels at 82c59e3, 0.15.0.dev0, 2026-08-22:
# statsmodels/stats/proportion.py, contingency_tables.py, multitest.py): the parameters in order
# with their defaults, and the method names each function's docstring lists.
STATSMODELS = {
    "proportion_confint": {
        "params": {"count": None, "nobs": None, "alpha": 0.05, "method": "normal",
                   "alternative": "two-sided"},
        "methods": {"normal", "agresti_coull", "beta", "wilson", "jeffreys", "binom_test"},
    },
    "confint_proportions_2indep": {
        "params": {"count1": None, "nobs1": None, "count2": None, "nobs2": None, "method": None,
                   "compare": "diff", "alpha": 0.05, "correction": True},
        # for compare="diff" (the default); "ratio" and "odds-ratio" have others
        "methods": {"wald", "agresti-caffo", "newcomb", "score"},
    },
    "mcnemar": {"params": {"table": None, "exact": True, "correction": True}},
    "cochrans_q": {"params": {"x": None, "return_object": None}},
    "multipletests": {
        "params": {"pvals": None, "alpha": 0.05, "method": "hs", "maxiter": 1,
                   "is_sorted": False, "returnsorted": False},
        "methods": {"bonferroni", "sidak", "holm-sidak", "holm", "simes-hochberg", "hommel",
                    "fdr_bh", "fdr_by", "fdr_tsbh", "fdr_tsbky", "fdr_gbs", "lfdr"},
    },
}  # fmt: skip
STATSMODELS_SPAN = re.compile(r"statsmodels `([^`]+)`")
DEFAULT_CLAIM = re.compile(r"statsmodels `(\w+)\([^`]*\)` \(its default,? `(\w+)=([^`]+)`\)")


def _statsmodels_signature(name: str):
    """A callable with the recorded signature of statsmodels' ``name``, for _check_arguments."""

    def recorded(*args, **kwargs):  # pragma: no cover - never called, only its signature read
        raise NotImplementedError

    recorded.__signature__ = inspect.Signature(
        [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD)
         for p in STATSMODELS[name]["params"]]
    )  # fmt: skip
    return recorded


def _statsmodels_problems(span: str) -> list[str]:
    """What is wrong with a statsmodels call on the page (empty: nothing), by the record above."""
    call = _call(span)
    if call is None or not isinstance(call.func, ast.Name):
        return [f"not a call of one statsmodels function: {span}"]
    if call.func.id not in STATSMODELS:
        return [f"statsmodels has no {call.func.id} (among the recorded functions)"]
    problems = _check_arguments(_statsmodels_signature(call.func.id), call)
    for keyword in call.keywords:
        if keyword.arg == "method" and isinstance(keyword.value, ast.Constant):
            if keyword.value.value not in STATSMODELS[call.func.id].get("methods", ()):
                problems.append(f"no method {keyword.value.value!r}")
    return problems


def _page_statsmodels_spans() -> list[str]:
    return [s for row in _rows() for s in STATSMODELS_SPAN.findall(row[0])]


@pytest.mark.parametrize("span", sorted(set(_page_statsmodels_spans())), ids=lambda s: s[:70])
def test_every_statsmodels_call_on_the_page_matches_its_signature(span):
    assert _statsmodels_problems(span) == []


def test_the_page_states_statsmodels_defaults_as_they_are():
    claims = [m for row in _rows() for m in DEFAULT_CLAIM.findall(row[0])]
    assert len(claims) >= 2, claims  # "its default, `method="normal"`", "its default `exact=True`"
    for function, name, value in claims:
        assert repr(STATSMODELS[function]["params"][name]).replace("'", '"') == value, (
            f"{function}'s default {name} is {STATSMODELS[function]['params'][name]!r}, the page"
            f" says {value}"
        )


def test_the_statsmodels_check_fails_on_a_wrong_name_argument_or_method():
    assert _statsmodels_problems("proportion_confint(count, nobs, method='clopper')") == [
        "no method 'clopper'"
    ]
    assert _statsmodels_problems("mcnemar(table, exakt=False)") == ["no argument exakt="]
    assert _statsmodels_problems("mcnemar_test(table)") != []
    assert _statsmodels_problems("cochrans_q(x, y, z)") != []


def test_the_checks_above_fail_on_a_wrong_name_or_argument():
    assert _check_arguments(_function("evalkit.paired.mcnemar"), _call("f(t, methd='x')")) == [
        "no argument methd="
    ]
    assert _check_arguments(_function("evalkit.roc.auc"), _call("f(a, b, c)")) != []
    assert getattr(importlib.import_module("evalkit.intervals"), "clopper_pearsen", None) is None


def test_the_page_names_the_calls_the_issue_asks_for():
    spans = set(_evalkit_spans())
    for call in (
        "intervals.clopper_pearson(successes, trials)",
        'paired.mcnemar(table, method="corrected")',
        'paired.mcnemar(table, method="exact")',
        "intervals.binomial_test(successes, trials, p0)",
        "roc.auc(y_true, y_score)",
        "independent.difference_interval(successes_a, trials_a, successes_b, trials_b, "
        'method="miettinen-nurminen")',
        "roc.delong_test(y_true, y_score1, y_score2)",
        "multiple.holm(pvalues, alpha=0.05)",
    ):
        assert call in spans, call


# --- the API reference ---------------------------------------------------------------------------


def test_every_public_module_has_a_page_with_every_name_of_its_all():
    assert {"intervals", "paired", "roc", "metrics", "report", "results"} <= MODULES
    assert not any(m.startswith("_") for m in MODULES)
    for module in MODULES:
        page = api_reference.module_page(module)
        names = importlib.import_module(f"evalkit.{module}").__all__
        for name in names:
            forms = (
                f"evalkit.{module}.{name}\n",  # autodoc's entry
                f".. py:data:: {name}\n   :module: evalkit.{module}\n",  # a package's constant
                f'<span id="evalkit.{module}.{name}"></span>',  # a re-exported name's entry
            )
            assert any(form in page for form in forms), (module, name)


def test_a_re_exported_name_is_documented_where_it_is_defined():
    index = api_reference.api_index()
    assert index["evalkit.intervals.clopper_pearson"] == "evalkit.intervals.clopper_pearson"
    assert index["evalkit.intervals.Interval"] == "evalkit.results.Interval"
    page = api_reference.module_page("intervals")
    assert ".. autoclass:: evalkit.intervals.Interval" not in page
    assert ":py:class:`evalkit.results.Interval`" in page


def test_a_re_exported_name_has_an_entry_on_the_page_that_re_exports_it():
    """Issue 60: ``multiple.holm`` is ``adjust.holm``; multiple's page gives it an entry (its
    signature, first sentence and anchor) that links to the full one, and a row in Contents."""
    page = api_reference.module_page("multiple")
    entry = page.split('<span id="evalkit.multiple.holm"></span>', 1)[1].split(".. raw::")[0]
    assert ".. py:function:: holm(pvalues, alpha=0.05)" in entry
    assert ":module: evalkit.multiple" in entry and ":no-index:" in entry
    assert "Holm's step-down adjustment" in entry
    assert ":py:func:`evalkit.adjust.holm`" in entry
    assert "   ~evalkit.adjust.holm\n" in page.split("Contents", 1)[1]
    # a class's entry shows the signature of its fields, a factory default as …
    assert ".. py:class:: Interval(low, high, estimate, confidence, method)" in (
        api_reference.module_page("intervals")
    )


def test_the_package_s_own_names_have_entries_on_the_index_page():
    import evalkit

    page = api_reference.index_page()
    index = api_reference.api_index()
    for name in ("Interval", "TestResult", "compare_classifiers", "compare_test_sets",
                 "describe_classifier"):  # fmt: skip
        assert name in evalkit.__all__
        assert f'<span id="evalkit.{name}"></span>' in page, name
        assert index[f"evalkit.{name}"] in (f"evalkit.results.{name}", f"evalkit.report.{name}")
    assert "details=…" in page  # TestResult's default factory, not <factory>


def test_a_constant_a_package_re_exports_is_documented_with_its_files_comment():
    """Issue 60: the report's constants live in report/rules.py (and report/panels.py), where
    their ``#:`` comments are, which autodoc looks for in report/__init__.py: the page writes
    each out with its comment."""
    page = api_reference.module_page("report")
    import evalkit.report

    for name in evalkit.report.__all__:
        if not isinstance(getattr(evalkit.report, name), (str, int, float, tuple, dict)):
            continue
        assert f".. py:data:: {name}\n   :module: evalkit.report\n" in page, name
        entry = page.split(f".. py:data:: {name}\n", 1)[1].split(".. py:data::")[0]
        text = " ".join(api_reference.attribute_docs("report")[name])
        assert len(text) > 20 and text.split()[0] in entry, name
    entry = page.split(".. py:data:: MCNEMAR_DEFAULT\n", 1)[1].split(".. py:data::")[0]
    assert ":value: 'mid-p'" in entry and "McNemar's test as the report gives it" in entry


# Modules whose functions need no Parameters section (none: every public function has one).
PARAMETERS_EXEMPT: set[str] = set()


def _functions_without_parameters_section(modules) -> list[str]:
    missing = []
    for module in sorted(modules):
        for e in api_reference.entries(module):
            if e.kind != "function" or e.home != module:
                continue
            function = getattr(importlib.import_module(f"evalkit.{module}"), e.name)
            if not inspect.signature(function).parameters:
                continue
            if "Parameters\n----------" not in (inspect.getdoc(function) or ""):
                missing.append(f"evalkit.{module}.{e.name}")
    return missing


def test_every_public_function_with_parameters_documents_them():
    """Every public function's numpydoc docstring has a Parameters section (issue 60: 17 had
    none, so their reference entries listed no argument)."""
    missing = _functions_without_parameters_section(MODULES - PARAMETERS_EXEMPT)
    assert missing == [], f"no Parameters section in the docstring of: {missing}"


# --- links from the notebooks ---------------------------------------------------------------


def _highlight(source: str) -> str:
    """The code as Sphinx highlights a notebook cell: Pygments' ipython3 lexer, HTML classes."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name

    return highlight(source, get_lexer_by_name("ipython3"), HtmlFormatter())


TARGETS = {path: f"api/x.html#{path}" for path in api_reference.api_index()}


def test_the_first_call_of_each_function_links_once_with_its_alias():
    cells = [
        "from evalkit.intervals import clopper_pearson\nfrom evalkit import paired",
        "ci = clopper_pearson(47, 50)\nci2 = clopper_pearson(40, 50)\n"
        "r = paired.mcnemar(3, 10)\nr.pvalue.round(2)",
        "from evalkit.clustered import mcnemar as clustered_mcnemar\n"
        "clustered_mcnemar([1, 0], [0, 1], [0, 1])\npaired.mcnemar(1, 2)",
    ]
    bound, seen, html = {}, set(), []
    for cell in cells:
        bound.update(code_links.imported_names(cell))
        html.append(code_links.link_first_calls(_highlight(cell), bound, TARGETS, seen))
    links = [re.findall(r'href="([^"]+)"', h) for h in html]
    assert links == [
        [],
        ["api/x.html#evalkit.intervals.clopper_pearson", "api/x.html#evalkit.paired.mcnemar"],
        ["api/x.html#evalkit.clustered.mcnemar"],
    ]
    # the link wraps the name's tokens; the code reads as before
    assert re.sub(r"<[^>]+>", "", html[1]) == re.sub(r"<[^>]+>", "", _highlight(cells[1]))


def test_a_re_exported_function_links_to_where_it_is_documented():
    targets = {p: api_reference.api_index()[p] for p in ("evalkit.multiple.holm",)}
    out = code_links.link_first_calls(
        _highlight("holm([0.01, 0.04])"), {"holm": "evalkit.multiple.holm"}, targets, set()
    )
    assert 'href="evalkit.adjust.holm"' in out


def test_magics_and_other_packages_are_left_alone():
    assert code_links.imported_names("%matplotlib inline\nfrom evalkit import roc") == {
        "roc": "evalkit.roc"
    }
    assert code_links.imported_names("from numpy import mean\nimport scipy.stats as st") == {}
    out = code_links.link_first_calls(_highlight("x.auc(1)\nauc(1)"), {}, TARGETS, set())
    assert "<a " not in out


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")), ids=lambda p: p.stem)
def test_every_notebook_links_the_evalkit_functions_it_calls(path):
    """Each evalkit function or class a notebook imports and calls links to an entry (a call of a
    name that the reference does not know would stay unlinked: renamed or private)."""
    nb = nbformat.read(path, as_version=4)
    bound, seen, unknown = {}, set(), set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        bound.update(code_links.imported_names(cell.source))
        html = _highlight(cell.source)
        code_links.link_first_calls(html, bound, TARGETS, seen)
        for _, _, names in code_links.calls(html):
            dotted = code_links.resolve(names, bound)
            if dotted and dotted.count(".") == 2 and not dotted.split(".")[2].startswith("_"):
                if dotted not in TARGETS:
                    unknown.add(dotted)
    uses_evalkit = any(v.startswith("evalkit.") for v in bound.values())
    assert not uses_evalkit or seen, f"{path.name}: no evalkit call linked"
    not_public = {d for d in unknown if d.rsplit(".", 1)[0][8:] not in MODULES}  # __main__
    assert unknown - not_public == set(), f"{path.name} calls names the reference lacks: {unknown}"


# --- the docstrings' notation ---------------------------------------------------------------------


def test_bars_of_running_text_are_escaped_and_code_and_math_kept():
    lines = [
        "The size |T| and |b − c|.",
        "",
        ">>> abs(-1) | 0",
        "1|2",
        "",
        ":math:`|x|` and ``a | b``",
        ".. math::",
        "",
        "   |b - c|",
        "",
        "After |z|.",
    ]
    assert docstrings.escape_bars(lines) == [
        r"The size \|T\| and \|b − c\|.",
        "",
        ">>> abs(-1) | 0",
        "1|2",
        "",
        ":math:`|x|` and ``a | b``",
        ".. math::",
        "",
        "   |b - c|",
        "",
        r"After \|z\|.",
    ]


# --- the page's equivalences, computed -------------------------------------------------------


def _equivalences() -> dict[str, tuple]:
    """For rows of the conversion page: (the library's number, evalkit's), on one data set."""
    import numpy as np
    import scipy.stats as st
    import sklearn.metrics as skm
    from sklearn.calibration import calibration_curve

    from evalkit import independent, intervals, metrics, multiple, paired, roc

    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 80)
    s = y * 0.8 + rng.normal(size=80)
    p = 1 / (1 + np.exp(-s))
    y3, y3_pred = rng.integers(0, 3, 90), rng.integers(0, 3, 90)
    p3 = rng.dirichlet([1, 1, 1], 90)
    p3[np.arange(90), y3] += 0.5
    p3 /= p3.sum(axis=1, keepdims=True)
    table = np.array([[47, 40], [3, 10]])
    x = rng.normal(size=20)
    x2 = x + rng.normal(0.3, 1, size=20)
    many = rng.normal(size=(12, 4))
    ci_cc = st.binomtest(7, 30).proportion_ci(method="wilsoncc")
    ci_exact = st.binomtest(7, 30).proportion_ci(method="exact")
    ours_cc, ours_exact = intervals.wilson(7, 30, correction=True), intervals.clopper_pearson(7, 30)
    ovr = {"multi_class": "ovr", "average": "macro"}
    ovo = {"multi_class": "ovo", "average": "macro"}
    sk_true, sk_pred = calibration_curve(y, p, n_bins=5)
    ours_curve = metrics.calibration_curve(y, p, n_bins=5)
    return {
        "binomtest proportion_ci wilsoncc": (
            (ci_cc.low, ci_cc.high), (ours_cc.low, ours_cc.high)),
        "binomtest proportion_ci exact": (
            (ci_exact.low, ci_exact.high), (ours_exact.low, ours_exact.high)),
        "binomtest": (
            st.binomtest(41, 50, 0.9).pvalue, intervals.binomial_test(41, 50, 0.9).pvalue),
        "fisher_exact": (
            tuple(st.fisher_exact(table)),
            (independent.fisher_exact(table).estimate, independent.fisher_exact(table).pvalue)),
        "boschloo_exact": (
            st.boschloo_exact(table).pvalue, independent.boschloo_exact(table).pvalue),
        "chi2_contingency": (
            st.chi2_contingency(table, correction=True).pvalue,
            independent.chi_square_2x2(table, correction=True).pvalue),
        "wilcoxon": (st.wilcoxon(x, x2).pvalue, paired.wilcoxon_signed_rank(x - x2).pvalue),
        "friedmanchisquare": (
            st.friedmanchisquare(*many.T).pvalue,
            multiple.friedman(many, tie_correction=True).chi2_pvalue),
        "roc_auc_score": (skm.roc_auc_score(y, s), roc.auc(y, s)),
        "roc_auc_score ovr": (
            skm.roc_auc_score(y3, p3, **ovr), roc.multiclass_auc(y3, p3, **ovr).estimate),
        "roc_auc_score ovo": (
            skm.roc_auc_score(y3, p3, **ovo), roc.multiclass_auc(y3, p3, **ovo).estimate),
        "average_precision_score": (skm.average_precision_score(y, s), roc.average_precision(y, s)),
        "cohen_kappa_score": (
            skm.cohen_kappa_score(y3, y3_pred, weights="quadratic"),
            metrics.cohen_kappa(y3, y3_pred, weights="quadratic").estimate),
        "brier_score_loss": (skm.brier_score_loss(y, p), metrics.brier_score(y, p)),
        "brier_score_loss classes": (
            skm.brier_score_loss(y3, p3, scale_by_half=False), metrics.brier_score(y3, p3)),
        "calibration_curve": (
            (*sk_true, *sk_pred), (*ours_curve.fraction_positive, *ours_curve.mean_predicted)),
        "confusion_matrix": (
            tuple(skm.confusion_matrix(y3, y3_pred).ravel()),
            tuple(metrics.confusion_matrix(y3, y3_pred).ravel())),
        "precision_score": (
            tuple(skm.precision_score(y3, y3_pred, average=None)),
            tuple(metrics.precision(metrics.confusion_matrix(y3, y3_pred)))),
    }  # fmt: skip


def test_the_pages_equivalences_give_the_libraries_numbers():
    """The rows that say 'the same' are the same: each library's number and evalkit's agree."""
    import numpy as np

    text = PAGE.read_text(encoding="utf-8")
    for row, (theirs, ours) in _equivalences().items():
        assert row.split()[0] in text, f"the page has no row for {row}"
        np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-12, err_msg=row)


def test_the_architecture_page_shows_every_floor_and_module_of_the_layering_test():
    sys.path.insert(0, str(REPO / "tools"))
    from build_site import FLOORS_MARKER, REPORT_FLOORS_MARKER, architecture_markdown

    from tests.test_architecture import FLOORS, PACKAGE_FLOORS

    page = architecture_markdown()
    assert FLOORS_MARKER not in page and REPORT_FLOORS_MARKER not in page
    for i, (name, modules) in enumerate(FLOORS):
        assert f"| {i}: {name} |" in page, name
        for module in modules:
            assert re.search(rf"\| `{module}/?` \|", page), module
    for i, (name, files) in enumerate(PACKAGE_FLOORS["report"]):
        assert f"| {i}: {name} |" in page, name
        for file in files:
            assert f"| `report/{file}.py` |" in page, file
