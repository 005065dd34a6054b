"""The glossary and the notation table load, cite real words and cover the notebook headings.

* every entry validates (definition, a source word or a reference, registry sources, notebooks
  that exist) — and a broken file is refused with a message naming the entry and the field;
* every source word occurs verbatim in its source text (``<repo>/../shared/sources``; skipped
  with a reason when the sources are not beside the repository);
* every word of every notebook heading (#, ##, ###) is a word of a glossary term or alias, or in
  the short allowlist below of ordinary English words and proper names — so that a new technical
  term in a heading fails until it is defined. The failure lists every uncovered word at once.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from evalkit import glossary as g

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
SOURCES = REPO.parent / "shared" / "sources"

# The source texts, by registry key (the files are named in ../shared/sources/README.md).
SOURCE_FILES = {
    "guenter": ("000_9c2630787b02b293.txt", "Günter"),
    "tan": ("001_5a2d65e87bfb84a0.txt", "Tan"),
    "wolff": ("002_4683f77fbb32181f.txt", "Wolff"),
    "fouladi": ("003_ef71af2ab49f17a7.txt", "Fouladi"),
    "symeonidis": ("004_2f6b2c9e1a9f96e1.txt", "Symeonidis"),
}
# Registry sources whose text is not among the shared sources: their words cannot be checked.
NO_TEXT = {"demsar"}


# ------------------------------------------------------------------------------------------
# Loading and validation


def test_files_load_and_validate():
    terms, symbols = g.glossary(), g.notation()
    assert len(terms) >= 50
    assert len(symbols) >= 15
    for t in terms:
        assert t.definition.endswith((".", ")")), t.term
        assert t.words or t.reference, t.term
    registry = set(g.source_keys())
    assert {w.source for t in terms for w in t.words} <= registry
    assert {k for s in symbols for k in s.sources} <= registry


def test_every_listed_notebook_exists():
    listed = {n for t in g.glossary() for n in t.notebooks}
    listed |= {n for s in g.notation() for n in s.notebooks}
    missing = sorted(n for n in listed if not (NOTEBOOKS / f"{n}.ipynb").is_file())
    assert not missing, f"notebooks listed in glossary.toml/notation.toml do not exist: {missing}"


def test_every_listed_notebook_uses_the_term():
    texts = {}
    for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts[path.stem] = "\n".join("".join(c["source"]) for c in cells).lower()
    absent = [
        f"{t.term}: {stem}"
        for t in g.glossary()
        for stem in t.notebooks
        if stem in texts and not any(name.lower() in texts[stem] for name in (t.term, *t.aliases))
    ]
    assert not absent, "notebooks listed for a term that use neither it nor an alias:\n" + (
        "\n".join(absent)
    )


REQUIRED = [
    "accuracy", "error rate", "test set", "training set", "Bernoulli trial",
    "binomial distribution", "beta distribution", "confidence interval", "confidence level",
    "coverage", "Clopper–Pearson interval", "Wilson score interval", "normal approximation",
    "significance level", "p-value", "null hypothesis", "one-sided test", "two-sided test",
    "Fisher's exact test", "chi-square test", "independent test sets", "paired comparison",
    "agreement table", "discordant pairs", "McNemar's test", "sign test",
    "Wilcoxon signed-rank test", "mid-p", "conservative test", "type-I error", "power",
    "cross-validation", "k-fold cross-validation", "leave-one-out", "stratified cross-validation",
    "holdout", "resubstitution", "bootstrap", "confusion matrix", "precision", "recall",
    "F-measure", "cost matrix", "class imbalance", "ROC curve", "AUC", "overfitting",
    "generalization error", "learning curve", "multiple comparisons", "Friedman test",
    "Nemenyi test", "critical difference",
]  # fmt: skip


def test_required_terms_are_defined():
    terms = {t.term for t in g.glossary()}
    assert [r for r in REQUIRED if r not in terms] == []


def test_key_german_words_are_there():
    words = {w.word for t in g.glossary() for w in t.in_language("german")}
    assert {"Erkennungsrate", "Irrtumswahrscheinlichkeit", "Konfidenzintervall"} <= words


def test_wolff_reads_k_as_the_test_set_size():
    k = next(s for s in g.notation() if s.symbol == "K")
    assert k.sources["wolff"].startswith("K") and k.sources["guenter"].startswith("|T|")
    variance = next(s for s in g.notation() if "σ_x" in s.sources.get("guenter", ""))
    assert "variance" in variance.sources["guenter"]


def _broken(tmp_path, monkeypatch, name, text):
    """Point evalkit at a data folder holding the real files, with ``name`` replaced by ``text``."""
    for real in ("glossary.toml", "notation.toml", "worked_examples.toml"):
        (tmp_path / real).write_bytes((REPO / "data" / real).read_bytes())
    (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path))
    g.glossary.cache_clear()
    g.notation.cache_clear()
    g.source_keys.cache_clear()


TERM = """[[term]]
term = "accuracy"
definition = "The fraction right."
notebooks = ["01_bernoulli_binomial_beta"]
"""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (TERM, "at least one source word, or a 'reference'"),
        (TERM.replace('definition = "The fraction right."', ""), "'definition' must be"),
        (TERM + 'german = [{ word = "Quote", source = "nobody", section = "§1" }]\n', "'nobody'"),
        (TERM + 'german = [{ word = "Quote", source = "wolff" }]\n', "'section' must be"),
        (TERM + 'reference = "x"\nspanish = []\n', "unknown field(s) ['spanish']"),
        (TERM + 'reference = "x"\n' + TERM + 'reference = "y"\n', "appears twice"),
        (
            TERM.replace('["01_bernoulli_binomial_beta"]', '["intro"]') + 'reference = "x"\n',
            "'intro'",
        ),
        ("", "list of [[term]] tables"),
    ],
)
def test_a_broken_glossary_is_refused(tmp_path, monkeypatch, text, message):
    _broken(tmp_path, monkeypatch, "glossary.toml", text)
    try:
        with pytest.raises(ValueError, match=re.escape(message)):
            g.glossary()
    finally:
        monkeypatch.delenv("EVALKIT_DATA")
        g.glossary.cache_clear()
        g.source_keys.cache_clear()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[symbol]]\nsymbol = "K"\nmeaning = "items"\nnotebooks = []\n', "'sources' must be"),
        (
            '[[symbol]]\nsymbol = "K"\nmeaning = "items"\nnotebooks = []\nsources = { x = "N" }\n',
            "source 'x' is not one of",
        ),
        ('[[symbol]]\nsymbol = "K"\nnotebooks = []\nsources = { tan = "N" }\n', "'meaning'"),
    ],
)
def test_a_broken_notation_is_refused(tmp_path, monkeypatch, text, message):
    _broken(tmp_path, monkeypatch, "notation.toml", text)
    try:
        with pytest.raises(ValueError, match=re.escape(message)):
            g.notation()
    finally:
        monkeypatch.delenv("EVALKIT_DATA")
        g.notation.cache_clear()
        g.source_keys.cache_clear()


def test_glossary_table_rejects_an_unknown_language_or_link_suffix():
    with pytest.raises(ValueError, match="languages: 'latin' is not one of"):
        g.glossary_table(["german", "latin"])
    with pytest.raises(
        ValueError, match=re.escape("links must be '.ipynb', '.html' or None; got '.pdf'")
    ):
        g.glossary_table(links=".pdf")


def test_glossary_table_links_the_notebooks():
    assert "<a href='02_confidence_intervals.ipynb'" in g.glossary_table().html()
    assert "<a href='02_confidence_intervals.html'" in g.glossary_table(links=".html").html()
    assert "<a href" not in g.glossary_table(links=None).html()


def test_tables_render_every_entry():
    table = g.glossary_table()
    page = table._repr_html_()
    assert len(table.rows) == len(g.glossary())
    assert page.count("<tr>") == len(g.glossary()) + 1
    assert "Irrtumswahrscheinlichkeit (Wolff, §3.1 and §4" in table.text()
    assert "&lt;" not in g.notation_table().html() or "<" in "".join(
        s.meaning for s in g.notation()
    )
    assert len(g.notation_table().rows) == len(g.notation())


# ------------------------------------------------------------------------------------------
# Every source word is in its source


def _normalize(text: str) -> str:
    """Undo the PDF extraction's artefacts: a space before a hyphen ("P -Wert"), lost ZWNJs."""
    text = unicodedata.normalize("NFC", text).replace("\u200c", "")
    text = re.sub(r"\s+", " ", text)
    return re.sub(r" -(?=\w)", "-", text)


@pytest.fixture(scope="module")
def source_texts() -> dict[str, str]:
    if not SOURCES.is_dir():
        pytest.skip(f"the source texts are not beside the repository ({SOURCES} is missing)")
    readme = (SOURCES / "README.md").read_text(encoding="utf-8")
    texts = {}
    for key, (name, author) in SOURCE_FILES.items():
        row = next(line for line in readme.splitlines() if name in line)
        assert author in row, f"README.md does not give {name} to {author}"
        texts[key] = _normalize((SOURCES / name).read_text(encoding="utf-8"))
    return texts


def test_every_source_word_occurs_in_its_source(source_texts):
    missing = [
        f"{t.term}: {w.word!r} ({w.language}) not in {w.source}"
        for t in g.glossary()
        for w in t.words
        if w.source not in NO_TEXT and _normalize(w.word) not in source_texts[w.source]
    ]
    unchecked = {w.source for t in g.glossary() for w in t.words} - set(SOURCE_FILES) - NO_TEXT
    assert not unchecked, f"sources without a text file: {unchecked}"
    assert not missing, "\n".join(missing)


def test_foreign_words_are_in_the_sources_language():
    language_of = {"guenter": "german", "wolff": "german", "tan": "hungarian"}
    language_of |= {"symeonidis": "greek", "fouladi": "persian"}
    for t in g.glossary():
        for w in t.words:
            if w.language != "english":
                assert language_of[w.source] == w.language, (t.term, w.word)


# ------------------------------------------------------------------------------------------
# Every term used in a notebook heading is defined

# Ordinary English words and proper names that may appear in a heading without a glossary entry.
# Keep it short: a technical word belongs in data/glossary.toml, not here.
ORDINARY = set(
    """
    a about after against all an and any are as at be behaved better beyond both by call can
    cannot choose comes do does every explore far fix for four from give how idea if in is it
    its just line look more much not notice number numbers of on once one ones or own preview
    question real right same see several side six small start start_here summary tell than that
    the their them these they this those three to too try two use using used what when where
    whole which why with without you your yourself exercises first setup notebooks map course
    source note condition deviation rounding slide slide's slip calls triangles
    sources cite worked examples example new there here twice up out over under into also do
    reading move take make check data become set many each work works matter matters few high
    low large level both between via across around blind caveat cell choosing command differ
    documents due endpoints finds finite five formula fourteen good ignores misleads must need
    needs off open per read relates report results ring sized situation sure time tolerance
    useful warnings ways widget circles triangles
    different form looking catch depend other
    agree answers detect given probable probability probabilities saves smallest
    deeper revisited smaller within write often
    """.split()
)
NAMES = set(
    """
    günter wolff tan tan's fouladi symeonidis demšar delong yates wilson fisher mcnemar
    wilcoxon friedman nemenyi bonferroni holm clopper pearson bernoulli occam python jupyterlab
    newcombe agresti caffo et al
    """.split()
)
# Markers that are not words: equation, section and figure references, units, notebook links.
REFERENCES = {"eq", "eqs", "fig", "§", "notebook", "vs", "i.e", "e.g", "etc"}


def _headings() -> list[tuple[str, str]]:
    found = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] != "markdown":
                continue
            for line in "".join(cell["source"]).splitlines():
                if re.match(r"#{1,3}\s", line):
                    found.append((path.stem, line.lstrip("#").strip()))
    return found


def _words(heading: str) -> list[str]:
    text = re.sub(r"\$[^$]*\$", " ", heading)  # math: the notation table's business
    text = re.sub(r"\([^()]*\b(?:19|20)\d\d\)", " ", text)  # a citation: (Author and Author 2016)
    text = re.sub(r"`[^`]*`", " ", text)  # code
    text = re.sub(r"\]\([^)]*\)", "]", text)  # keep a link's text, drop its target
    text = text.replace("’", "'")
    tokens = re.findall(r"[^\W\d_][\w'’.\-–]*", text)
    return [tok.strip(".'–-").lower() for tok in tokens if tok.strip(".'–-")]


def _stems(word: str) -> set[str]:
    word = word.removesuffix("'s")
    forms = {word}
    for ending in ("es", "s"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            forms.add(word[: -len(ending)])
    return forms


def _vocabulary() -> set[str]:
    vocab: set[str] = set()
    for t in g.glossary():
        for name in (t.term, *t.aliases):
            for word in _words(name):
                vocab |= _stems(word)
                vocab |= {part for piece in re.split(r"[-–]", word) for part in _stems(piece)}
    return vocab


def _covered(word: str, vocab: set[str]) -> bool:
    if len(word) == 1:  # a label: classifier A or B, section 2b
        return True
    known = vocab | ORDINARY | NAMES | REFERENCES
    if _stems(word) & known:
        return True
    parts = [p for p in re.split(r"[-–]", word) if p]
    return len(parts) > 1 and all(_stems(p) & known for p in parts)


def test_heading_words_are_split_as_intended():
    words = _words(
        "4. Comparing two learners with k-fold CV: the paired t-test (Tan, eq. 4.16–4.17)"
    )
    assert words == [
        "comparing", "two", "learners", "with", "k-fold", "cv", "the", "paired", "t-test",
        "tan", "eq",
    ]  # fmt: skip
    assert _words("## 1. One test set: $R_1$, [notebook 02](02_confidence_intervals.ipynb)") == [
        "one", "test", "set", "notebook",
    ]  # fmt: skip


def test_a_citation_in_a_heading_is_not_read_as_words():
    assert _words("A catch (Benavoli, Corani and Mangili 2016)") == ["a", "catch"]


def test_a_new_technical_word_in_a_heading_is_caught():
    vocab = _vocabulary()
    assert not _covered("jackknife", vocab)
    assert not _covered("multinomial", vocab)
    assert _covered("intervals", vocab) and _covered("mcnemar's", vocab)


def test_every_heading_word_is_defined():
    vocab = _vocabulary()
    uncovered: dict[str, list[str]] = {}
    for notebook, heading in _headings():
        for word in _words(heading):
            if not _covered(word, vocab):
                uncovered.setdefault(word, []).append(f"{notebook}: {heading}")
    report = "\n".join(f"{w!r} in {places}" for w, places in sorted(uncovered.items()))
    assert not uncovered, (
        "heading words that are neither a glossary term/alias (data/glossary.toml) nor in the "
        f"test's allowlist:\n{report}"
    )


# ------------------------------------------------------------------------------------------
# The static site's glossary page


def _build_site():
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_site", REPO / "tools" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_site_glossary_page_shows_every_term_and_symbol():
    from html.parser import HTMLParser

    site = _build_site()
    page = site.glossary_page()

    class Cells(HTMLParser):
        def __init__(self):
            super().__init__()
            self.open: list[str] = []
            self.rows = 0
            self.text: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag not in ("br", "meta"):
                self.open.append(tag)
            self.rows += tag == "tr"

        def handle_endtag(self, tag):
            assert self.open and self.open[-1] == tag, (tag, self.open[-3:])
            self.open.pop()

        def handle_data(self, data):
            self.text.append(data)

    parser = Cells()
    parser.feed(page)
    assert parser.open == []  # every element closed, in order
    assert parser.rows == len(g.glossary()) + len(g.notation()) + 2  # two header rows
    text = "".join(parser.text)
    assert all(t.term in text for t in g.glossary())
    assert "Irrtumswahrscheinlichkeit" in text and "σ_x" in text
    assert "href='04_paired_comparisons.html'" in page
    if hasattr(site, "index_page"):  # the index page links to the glossary page
        assert "href='glossary.html'" in site.index_page([("00_start_here", "Start here")])
    else:  # a site built from MyST pages lists it in the table of contents
        assert "glossary" in site.index_markdown(["00_start_here"])
