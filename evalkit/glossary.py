"""The course's glossary and notation table, for students of the original lectures.

Two data files in the course's ``data/`` folder hold them:

* ``glossary.toml`` — each key term of the course in English (``term``, the English variants the
  notebooks use as ``aliases``, a short ``definition``, the ``notebooks`` that teach it) with the
  sources' own words for it, per language (``german``, ``hungarian``, ``greek``, ``persian``, and
  ``english`` for the wording of the English-language sources), each word with the ``source`` key
  of the worked-example registry and the ``section`` where it occurs. A term no source document
  uses carries a ``reference`` to the literature instead.
* ``notation.toml`` — the course's symbols (``symbol``, ``meaning``, ``notebooks``) and, under
  ``sources``, each source's symbol for the same thing, so that a source's formula can be read in
  the course's terms; ``drift`` says where a notebook writes something else.

:func:`glossary` and :func:`notation` read and validate the files; :func:`glossary_table` and
:func:`notation_table` render them as a :class:`Table` (HTML in a notebook, plain text elsewhere).

Examples
--------
>>> from evalkit.glossary import glossary, glossary_table, notation_table
>>> accuracy = next(t for t in glossary() if t.term == "accuracy")
>>> [w.word for w in accuracy.words if w.source == "guenter"]
['Erkennungsrate']
>>> "Irrtumswahrscheinlichkeit" in glossary_table().text()
True
>>> notation_table().html().startswith("<table")
True
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from evalkit.datasets import data_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "LANGUAGES",
    "SourceWord",
    "Symbol",
    "Table",
    "Term",
    "glossary",
    "glossary_table",
    "notation",
    "notation_table",
    "source_keys",
]

#: The languages of the source words, in the order the tables show them, with their labels.
LANGUAGES: dict[str, str] = {
    "german": "German",
    "hungarian": "Hungarian",
    "greek": "Greek",
    "persian": "Persian",
    "english": "English (the source's wording)",
}

#: The order in which the notation table shows the sources' symbols, with the column labels.
SOURCE_LABELS: dict[str, str] = {
    "wolff": "Wolff",
    "guenter": "Günter",
    "tan": "Tan et al.",
    "symeonidis": "Symeonidis",
    "fouladi": "Fouladi",
    "demsar": "Demšar",
}
SOURCE_ORDER = tuple(SOURCE_LABELS)

_TERM_FIELDS = {"term", "aliases", "definition", "notebooks", "reference", *LANGUAGES}
_WORD_FIELDS = {"word", "source", "section", "note"}
_SYMBOL_FIELDS = {"symbol", "meaning", "notebooks", "sources", "drift"}


@dataclass(frozen=True)
class SourceWord:
    """A source's own word for a term: the word, its language, the source key and section."""

    word: str
    language: str
    source: str
    section: str
    note: str = ""


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    term: str
    aliases: tuple[str, ...]
    definition: str
    notebooks: tuple[str, ...]
    words: tuple[SourceWord, ...]
    reference: str = ""

    def in_language(self, language: str) -> tuple[SourceWord, ...]:
        """The source words of one language (a key of :data:`LANGUAGES`)."""
        return tuple(w for w in self.words if w.language == language)


@dataclass(frozen=True)
class Symbol:
    """One row of the notation table: the course's symbol and each source's symbol for it."""

    symbol: str
    meaning: str
    notebooks: tuple[str, ...]
    sources: Mapping[str, str]
    drift: str = ""


@dataclass(frozen=True)
class Table:
    """A rendered table: HTML in a notebook (``_repr_html_``), plain text with ``str``.

    ``rows`` hold the plain-text cells; ``html_rows``, if given, the same cells as HTML
    fragments (already escaped), used by :meth:`html` instead of the escaped text.
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    html_rows: tuple[tuple[str, ...], ...] | None = None

    def html(self) -> str:
        """The table as an HTML ``<table>``."""
        style = "style='text-align:left;vertical-align:top'"
        head = "".join(f"<th {style}>{html.escape(h)}</th>" for h in self.header)
        cells = self.html_rows
        if cells is None:
            cells = tuple(tuple(_escape(c) for c in row) for row in self.rows)
        body = "\n".join(
            "<tr>" + "".join(f"<td {style}>{c}</td>" for c in row) + "</tr>" for row in cells
        )
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return (
            f"<table>{caption}\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody></table>"
        )

    def _repr_html_(self) -> str:
        return self.html()

    def text(self) -> str:
        """The table as plain text: one block per row, ``header: value`` per line."""
        blocks = []
        for row in self.rows:
            lines = [f"{row[0]}"]
            for name, value in zip(self.header[1:], row[1:], strict=True):
                if value:
                    indent = " " * (len(name) + 4)
                    lines.append(f"  {name}: " + value.replace("\n", "\n" + indent))
            blocks.append("\n".join(lines))
        title = f"{self.caption}\n\n" if self.caption else ""
        return title + "\n\n".join(blocks)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()


def _read(name: str) -> dict[str, Any]:
    path = data_file(name)
    with Path(path).open("rb") as f:
        return tomllib.load(f)


@cache
def source_keys() -> tuple[str, ...]:
    """The source keys of the worked-example registry (its ``[sources]`` table)."""
    return tuple(_read("worked_examples.toml").get("sources", {}))


def _text(entry: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise ValueError(f"{where}: {key!r} must be a non-empty string; got {value!r}")
    return value.strip()


def _strings(entry: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{where}: {key!r} must be a list of non-empty strings; got {value!r}")
    return tuple(v.strip() for v in value)


def _notebooks(entry: Mapping[str, Any], where: str) -> tuple[str, ...]:
    stems = _strings(entry, "notebooks", where)
    for stem in stems:
        if not (len(stem) > 3 and stem[:2].isdigit() and stem[2] == "_"):
            raise ValueError(
                f"{where}: notebook {stem!r} must be a notebook name like '02_confidence_intervals'"
            )
    return stems


def _unknown(entry: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(entry) - allowed)
    if extra:
        raise ValueError(f"{where}: unknown field(s) {extra}; allowed are {sorted(allowed)}")


def _word(item: Any, language: str, sources: Sequence[str], where: str) -> SourceWord:
    if not isinstance(item, dict):
        raise ValueError(f"{where}: each {language} word must be a table {{word, source, section}}")
    _unknown(item, _WORD_FIELDS, where)
    source = _text(item, "source", where)
    if source not in sources:
        raise ValueError(f"{where}: source {source!r} is not one of the registry's {list(sources)}")
    return SourceWord(
        word=_text(item, "word", where),
        language=language,
        source=source,
        section=_text(item, "section", where),
        note=_text(item, "note", where, required=False),
    )


def _term(entry: Any, index: int, sources: Sequence[str]) -> Term:
    name = entry.get("term", f"#{index}") if isinstance(entry, dict) else f"#{index}"
    where = f"glossary.toml, term {name!r}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: an entry must be a table")
    _unknown(entry, _TERM_FIELDS, where)
    term, definition = _text(entry, "term", where), _text(entry, "definition", where)
    words = []
    for language in LANGUAGES:
        items = entry.get(language, [])
        if not isinstance(items, list):
            raise ValueError(f"{where}: {language!r} must be a list of words")
        words += [_word(item, language, sources, f"{where}, {language}") for item in items]
    reference = _text(entry, "reference", where, required=False)
    if not words and not reference:
        raise ValueError(f"{where}: give at least one source word, or a 'reference'")
    return Term(
        term=term,
        aliases=_strings(entry, "aliases", where),
        definition=definition,
        notebooks=_notebooks(entry, where),
        words=tuple(words),
        reference=reference,
    )


def _symbol(entry: Any, index: int, sources: Sequence[str]) -> Symbol:
    name = entry.get("symbol", f"#{index}") if isinstance(entry, dict) else f"#{index}"
    where = f"notation.toml, symbol {name!r}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: an entry must be a table")
    _unknown(entry, _SYMBOL_FIELDS, where)
    table = entry.get("sources", {})
    if not isinstance(table, dict) or not table:
        raise ValueError(f"{where}: 'sources' must be a table of at least one source's symbol")
    for key, value in table.items():
        if key not in sources:
            raise ValueError(
                f"{where}: source {key!r} is not one of the registry's {list(sources)}"
            )
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{where}: the symbol of {key!r} must be a non-empty string")
    return Symbol(
        symbol=_text(entry, "symbol", where),
        meaning=_text(entry, "meaning", where),
        notebooks=_notebooks(entry, where),
        sources={k: table[k].strip() for k in SOURCE_ORDER if k in table},
        drift=_text(entry, "drift", where, required=False),
    )


def _unique(names: Iterable[str], what: str, fold_case: bool = True) -> None:
    seen: set[str] = set()
    for name in names:
        key = name.lower() if fold_case else name
        if key in seen:
            raise ValueError(f"{what} {name!r} appears twice")
        seen.add(key)


@cache
def glossary() -> tuple[Term, ...]:
    """Read and validate ``data/glossary.toml``.

    Returns
    -------
    tuple of Term
        The entries in the file's order.

    Raises
    ------
    ValueError
        Naming the entry and the field, if an entry lacks a term or a definition, has neither a
        source word nor a reference, names a source that is not in the registry, or repeats a term.

    Examples
    --------
    >>> terms = glossary()
    >>> all(t.definition for t in terms)
    True
    """
    entries = _read("glossary.toml").get("term", [])
    if not isinstance(entries, list) or not entries:
        raise ValueError("glossary.toml must hold a list of [[term]] tables")
    sources = source_keys()
    terms = tuple(_term(e, i, sources) for i, e in enumerate(entries))
    _unique((t.term for t in terms), "glossary.toml: the term")
    return terms


@cache
def notation() -> tuple[Symbol, ...]:
    """Read and validate ``data/notation.toml`` (same checks as :func:`glossary`).

    Examples
    --------
    >>> [s.sources["guenter"] for s in notation() if s.symbol == "K"]
    ['|T| (T is the test set)']
    """
    entries = _read("notation.toml").get("symbol", [])
    if not isinstance(entries, list) or not entries:
        raise ValueError("notation.toml must hold a list of [[symbol]] tables")
    sources = source_keys()
    symbols = tuple(_symbol(e, i, sources) for i, e in enumerate(entries))
    _unique((s.symbol for s in symbols), "notation.toml: the symbol", fold_case=False)
    return symbols


def _escape(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


_TEX_SUBSCRIPT = re.compile(r"_\{([^{}]*)\}")


def _symbol_html(text: str) -> str:
    """A symbol written with a TeX subscript (``z_{α/2}``) as HTML (``z<sub>α/2</sub>``).

    >>> _symbol_html("Z_{α/2} (printed as the upper quantile)")
    'Z<sub>α/2</sub> (printed as the upper quantile)'
    """
    return _TEX_SUBSCRIPT.sub(r"<sub>\1</sub>", _escape(text))


def _small(text: str) -> str:
    return f"<small style='color:#555'>{_escape(text)}</small>"


def _where(w: SourceWord) -> str:
    note = f"; {w.note}" if w.note else ""
    return f"{SOURCE_LABELS.get(w.source, w.source)}, {w.section}{note}"


def _words_text(words: Sequence[SourceWord]) -> str:
    return "\n".join(f"{w.word} ({_where(w)})" for w in words)


#: The language of each source word, for the ``lang`` attribute (hyphenation, screen readers).
LANGUAGE_CODES = {
    "german": "de",
    "hungarian": "hu",
    "greek": "el",
    "persian": "fa",
    "english": "en",
}


def _words_html(words: Sequence[SourceWord]) -> str:
    # <bdi> keeps a Persian word from reordering the text around it; lang lets a screen reader
    # pronounce the word in its language and a browser hyphenate it by that language's rules
    return "<br>".join(
        f"<bdi lang='{LANGUAGE_CODES.get(w.language, 'en')}'><b>{html.escape(w.word)}</b></bdi> "
        f"{_small(_where(w))}"
        for w in words
    )


def _notebook_links(stems: Sequence[str], suffix: str | None) -> str:
    if suffix is None:
        return _escape(", ".join(n[:2] for n in stems))
    return ", ".join(
        f"<a href='{html.escape(n)}{suffix}' title='{html.escape(n)}'>{n[:2]}</a>" for n in stems
    )


def glossary_table(languages: Sequence[str] | None = None, links: str | None = ".ipynb") -> Table:
    """The glossary as a table: term, definition, the sources' words per language, notebooks.

    Parameters
    ----------
    languages : sequence of str, optional
        Keys of :data:`LANGUAGES` to show, in this order (default: all).
    links : {".ipynb", ".html", None}
        In the HTML table, link each notebook number to ``NN_name.ipynb`` (for a notebook in the
        same folder), to ``NN_name.html`` (for the static site), or not at all.

    Examples
    --------
    >>> table = glossary_table(["german"])
    >>> table.header
    ('term', 'definition', 'German', 'notebooks')
    """
    chosen = list(LANGUAGES) if languages is None else list(languages)
    for language in chosen:
        if language not in LANGUAGES:
            raise ValueError(f"languages: {language!r} is not one of {list(LANGUAGES)}")
    if links not in (".ipynb", ".html", None):
        raise ValueError(f"links must be '.ipynb', '.html' or None; got {links!r}")
    rows, html_rows = [], []
    for t in glossary():
        also = f"also: {', '.join(t.aliases)}" if t.aliases else ""
        reference = f"Reference: {t.reference}" if t.reference else ""
        notebooks = ", ".join(n[:2] for n in t.notebooks)
        words = [t.in_language(lang) for lang in chosen]
        rows.append(
            (
                t.term + (f"\n({also})" if also else ""),
                t.definition + (f"\n{reference}" if reference else ""),
                *(_words_text(w) for w in words),
                notebooks,
            )
        )
        html_rows.append(
            (
                f"<b>{html.escape(t.term)}</b>" + (f"<br>{_small(also)}" if also else ""),
                _escape(t.definition) + (f"<br>{_small(reference)}" if reference else ""),
                *(_words_html(w) for w in words),
                _notebook_links(t.notebooks, links),
            )
        )
    header = ("term", "definition", *(LANGUAGES[lang] for lang in chosen), "notebooks")
    caption = "Glossary: the course's terms and the sources' own words"
    return Table(header, tuple(rows), caption, tuple(html_rows))


def notation_table() -> Table:
    """The notation table: each course symbol, its meaning, and each source's symbol for it.

    Examples
    --------
    >>> "σ_x" in notation_table().text()
    True
    """
    symbols = notation()
    used = [k for k in SOURCE_ORDER if any(k in s.sources for s in symbols)]
    rows = [(s.symbol, s.meaning, *(s.sources.get(k, "") for k in used), s.drift) for s in symbols]
    header = ("course", "meaning", *(SOURCE_LABELS[k] for k in used), "where notebooks differ")
    html_rows = tuple(
        (_symbol_html(row[0]), _escape(row[1]), *(_symbol_html(c) for c in row[2:])) for row in rows
    )
    caption = "Notation: the course's symbols and each source's symbol"
    return Table(header, tuple(rows), caption, html_rows)
