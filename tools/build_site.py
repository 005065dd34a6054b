"""Build the course website: the notebooks as a book, with their committed outputs, offline.

    python tools/build_site.py [OUT_DIR]      # default: build/html  (make html)

The Jupyter Book 1 stack does the work: Sphinx with MyST-NB (``nb_execution_mode = "off"``: the
committed outputs, which nbval proves a fresh run reproduces) and sphinx-book-theme (a sidebar
with the course map, search, previous/next). Its configuration is ``tools/site/conf.py``; the
packages are the ``site`` extra (``pip install -e ".[site]"``, which ``make html`` does).

The notebooks are copied into a build folder first, and the copies are prepared for the web:

* code cells tagged ``solution`` get MyST-NB's ``hide-cell`` tag, so that the solution and its
  output stay folded behind a toggle until the reader opens it; a solution written in Markdown
  keeps its tag and its first line ("Solution 2 — click to show"), which the site's
  configuration (``tools/site/conf.py``) turns into the summary of one ``<details>`` toggle;
* an exercise's check cell (tagged ``check``: ``grader().check("q02_1")``) keeps its code, which
  a reader runs in JupyterLab, and loses its output (MyST-NB's ``remove-output``: it said
  "passed" on the notebook's own solution, which means nothing on a page that runs nothing);
* the navigation cells are removed (the book has its own previous/next links);
* HTML links to a notebook (in the glossary table's output, say) point to its page;
* a widget's output becomes a note that the sliders need JupyterLab (a widget needs a kernel).

Besides the notebooks, the book has reference pages: the glossary, the coverage atlas
(``atlas_page.py``), the API reference (``site/api_reference.py``: a page per evalkit module from
its numpydoc docstrings, through autodoc, autosummary and napoleon), the page for readers coming
from SciPy, statsmodels, scikit-learn or R (``site/coming_from.md``) and the package's
architecture (``site/architecture.md``, its table of floors generated from the floors that
``tests/test_architecture.py`` enforces). On the notebook pages, the first call of each evalkit
function links to its reference entry (``site/code_links.py``, a Sphinx extension).

Formulas are typeset by MathJax 3 (CommonHTML output, as in JupyterLab 4) served from the site
itself: the copy that the ``sphinx-mathjax-offline`` package ships goes to ``_static/mathjax``,
only the parts that a page loads (``MATHJAX_PARTS``). No page loads anything from the network.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "site"))
from api_reference import write_pages as write_api_pages
from atlas_page import write_page as write_atlas_page

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # tests.test_architecture: the floors of the architecture page
CONF_DIR = REPO / "tools" / "site"
# hand-written pages of the book (in tools/site), copied as they are, after the atlas
PAGES = ("coming_from.md", "teaching.md", "developing.md", "troubleshooting.md", "benchmarks.md")
SOLUTION, NAVIGATION, CHECK = "solution", "navigation", "check"
WIDGET = "application/vnd.jupyter.widget-view+json"
WIDGET_NOTE = (
    "<p class='evalkit-widget-note'>Here the notebook shows an interactive figure. Its sliders "
    "need a running Python kernel: open the notebook in JupyterLab (<code>make lab</code>) to "
    "move them.</p>"
)
INTRO = """\
Classifier A got 47 of 50 test items right, classifier B 40 of 50. Is A better? The course
answers that question and the ones that follow from it, and checks every number its five source
documents print. These pages show the notebooks with their stored outputs; run them in
JupyterLab (`make lab`) to move the sliders. The solutions of the exercises are folded: open one
when you have tried the exercise yourself.
"""
GLOSSARY_INTRO = """\
For students of the original lectures: each term of the course in English with the words the
source documents use for it — German (Günter, Wolff), Hungarian (Tan, Steinbach & Kumar in
translation), Greek (Symeonidis), Persian and English (Fouladi) — where it occurs, and the
notebooks that teach it. The notation table gives each source's symbol for the course's symbols,
so that a source's formula can be read in the course's terms.
"""


def notebooks() -> list[Path]:
    """The course's notebooks, in course order (``notebooks/NN_*.ipynb``)."""
    return sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))


# A link in raw HTML (a table in an output, say) to another notebook: to its page instead.
NOTEBOOK_HREF = re.compile(r"""href=(['"])(\d\d_[A-Za-z0-9_]+)\.ipynb""")


def html_links(text: str) -> str:
    """``text`` with HTML links to notebooks (``href='04_x.ipynb#a'``) pointing to their pages.

    >>> html_links("<a href='04_paired.ipynb#top'>04</a>")
    "<a href='04_paired.html#top'>04</a>"
    """
    return NOTEBOOK_HREF.sub(r"href=\1\2.html", text)


def _tags(cell: nbformat.NotebookNode) -> list[str]:
    return cell.setdefault("metadata", {}).setdefault("tags", [])


def web_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a copy of ``nb`` prepared for the website (see the module docstring)."""
    copy = nbformat.from_dict(nb)
    copy.metadata.pop("widgets", None)  # no widget state: nothing for a widget manager to load
    copy.cells = [c for c in copy.cells if NAVIGATION not in c.get("metadata", {}).get("tags", [])]
    for cell in copy.cells:
        if cell.cell_type != "code":
            cell.source = html_links(cell.source)
            continue
        if SOLUTION in _tags(cell) and "hide-cell" not in _tags(cell):
            _tags(cell).append("hide-cell")
        if CHECK in _tags(cell) and "remove-output" not in _tags(cell):
            _tags(cell).append("remove-output")
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET in data:
                output["data"] = {"text/html": WIDGET_NOTE}
            elif "text/html" in data:
                html = data["text/html"]
                html = html if isinstance(html, str) else "".join(html)
                data["text/html"] = html_links(html)
    return copy


def _table_html(table_html: str, label: str = "table") -> str:
    """A wide table in a box of its own that scrolls sideways (never the page), which a
    keyboard can reach and scroll (tabindex) and a screen reader names (role, aria-label)."""
    return (
        f"<div class='evalkit-table-wrap evalkit-wide' tabindex='0' role='region' "
        f"aria-label='{label}'>\n"
        f"{table_html}\n</div>"
    )


def glossary_page() -> str:
    """Return the HTML of the glossary and the notation table (``data/glossary.toml``,
    ``data/notation.toml``, rendered by :mod:`evalkit.glossary`), its links to the notebook
    pages ending in ``.html``."""
    from evalkit.glossary import glossary_table, notation_table

    return (
        "<h2 id='notation'>Notation</h2>\n"
        + _table_html(notation_table().html(), "notation table")
        + "\n<h2 id='glossary'>Glossary</h2>\n"
        + _table_html(glossary_table(links=".html").html(), "glossary table")
    )


def glossary_markdown() -> str:
    """The MyST page of the glossary: headings and text indexed for search, tables as HTML."""
    from evalkit.glossary import glossary_table, notation_table

    return (
        "# Glossary and notation\n\n"
        + GLOSSARY_INTRO
        + "\n## Notation\n\n```{raw} html\n"
        + _table_html(notation_table().html(), "notation table")
        + "\n```\n\n## Glossary\n\n```{raw} html\n"
        + _table_html(glossary_table(links=".html").html(), "glossary table")
        + "\n```\n"
    )


def index_markdown(stems: list[str]) -> str:
    """The MyST front page: the course's aim and the course map (the book's table of contents)."""
    pages = "\n".join(stems)
    return (
        "# evalkit — evaluating and comparing classifiers honestly\n\n"
        + INTRO
        + "\n## The course map\n\n"
        + f"```{{toctree}}\n:caption: The course\n:maxdepth: 1\n\n{pages}\n```\n\n"
        + "## Glossary and notation\n\n"
        + "The course's terms with the sources' German, Hungarian, Greek and Persian words, and "
        + "the notation table — each source's symbols in the course's terms.\n\n"
        + "## How well do the intervals cover?\n\n"
        + "The coverage atlas: the measured coverage of every interval evalkit returns and the "
        + "size of every test, at the settings the course uses.\n\n"
        + "## The library\n\n"
        + "The API reference: every public function and result type of evalkit, a page per "
        + "module, from the docstrings, with their examples (the notebooks link the first use of "
        + "each function to its entry). For readers who know SciPy, statsmodels, scikit-learn or "
        + "R: the calls they know and evalkit's, argument by argument. And the package's "
        + "architecture: its floors, which module may import which, where a new method goes.\n\n"
        + "```{toctree}\n:caption: Reference\n:maxdepth: 1\n\nglossary\natlas\napi/index\n"
        + "coming_from\narchitecture\n```\n\n"
        + "## Teaching, developing, troubleshooting\n\n"
        + "How to run a class with the course and what its grading protects; the make targets, "
        + "the tests and CI; what to do when a notebook hangs headless or a kernel dies; and "
        + "the benchmarks.\n\n"
        + "```{toctree}\n:caption: Using the course\n:maxdepth: 1\n\nteaching\ndeveloping\n"
        + "troubleshooting\nbenchmarks\n```\n"
    )


def architecture_markdown() -> str:
    """The architecture page: ``site/architecture.md`` with its floors table filled in.

    The floors come from ``tests/test_architecture.py`` (``FLOORS``, and ``PACKAGE_FLOORS`` for
    the files inside ``report/``), the test that fails on an import pointing up a floor, so the
    page shows the rule the test enforces; each module's line is the first sentence of its
    docstring.
    """
    from tests.test_architecture import floors_table, package_floors_table

    text = (CONF_DIR / "architecture.md").read_text(encoding="utf-8")
    for marker in (FLOORS_MARKER, REPORT_FLOORS_MARKER):
        if marker not in text:
            raise SystemExit(f"tools/site/architecture.md lacks the line {marker}")
    text = text.replace(REPORT_FLOORS_MARKER, package_floors_table("report"))
    return text.replace(FLOORS_MARKER, floors_table())


FLOORS_MARKER = "<!-- the floors table (tests/test_architecture.py) -->"
REPORT_FLOORS_MARKER = "<!-- the floors inside report/ (tests/test_architecture.py) -->"


# The parts of MathJax 3 that the pages load: the TeX-to-CommonHTML component, the TeX packages
# it loads on first use (\cancel, \boldsymbol, …) and the CommonHTML fonts. The rest of the
# package's 24 MB (the SVG and MathML components, the speech rule engine) no page asks for.
MATHJAX_PARTS = ("tex-chtml.js", "input/tex/extensions", "output/chtml/fonts/woff-v2")


def _mathjax_folder() -> Path:
    """MathJax 3 as the ``sphinx-mathjax-offline`` package ships it (its ``static/mathjax``)."""
    import importlib.util

    spec = importlib.util.find_spec("sphinx-mathjax-offline")  # its import name has hyphens
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(
            "the website needs MathJax from the package sphinx-mathjax-offline: "
            'pip install -e ".[site]" (make html does)'
        )
    return Path(spec.submodule_search_locations[0]) / "static" / "mathjax"


def stage(src: Path) -> Path:
    """Write the book's sources into ``src``; return the folder with the local MathJax."""
    stems = []
    for path in notebooks():
        nbformat.write(web_copy(nbformat.read(path, as_version=4)), src / path.name)
        stems.append(path.stem)
    (src / "index.md").write_text(index_markdown(stems), encoding="utf-8")
    (src / "glossary.md").write_text(glossary_markdown(), encoding="utf-8")
    write_atlas_page(src)
    write_api_pages(src)
    for name in PAGES:
        shutil.copy2(CONF_DIR / name, src / name)
    (src / "architecture.md").write_text(architecture_markdown(), encoding="utf-8")
    static = src.parent / "static"
    mathjax = _mathjax_folder()
    for part in MATHJAX_PARTS:
        if (mathjax / part).is_dir():
            shutil.copytree(mathjax / part, static / "mathjax" / part)
        else:
            (static / "mathjax" / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(mathjax / part, static / "mathjax" / part)
    return static


def build(out: Path, quiet: bool = True) -> None:
    """Build the website into ``out`` (Sphinx's html builder, the committed outputs).

    Sphinx runs in this process (``sphinx-build``'s own entry point, the same arguments): a
    second Python would import MyST-NB and so nbformat again, about 3 s of CPU, most of it
    jsonschema building the parsers of its IRI format checker on import (rfc3987-syntax;
    python-jsonschema/jsonschema#1428).
    """
    from sphinx.cmd.build import build_main

    with tempfile.TemporaryDirectory(prefix="evalkit-site-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        static = stage(src)
        args = [
            "-b", "html", "-c", str(CONF_DIR),
            "-d", str(Path(tmp) / "doctrees"), "-D",
            f"html_static_path={CONF_DIR / 'static'},{static}",
            str(src), str(out),
        ]  # fmt: skip
        if quiet:
            args.append("-q")
        status = build_main(args)
        if status != 0:
            raise SystemExit(f"sphinx-build {' '.join(args)} failed with exit code {status}")
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        named = name_sidebar_toggles(text)
        if named != text:
            page.write_text(named, encoding="utf-8")


# The theme's sidebar folds a page's sub-pages under a <summary> that holds only an icon: a screen
# reader announces it as an unnamed control (axe-core: summary-name, WCAG 4.1.2). It gets the name
# of the entry it folds.
SIDEBAR_TOGGLE = re.compile(
    r"""(<a class="(?:current )?reference internal" href="[^"]*">([^<]+)</a><details(?: [^>]*)?>)"""
    r"""<summary>"""
)


def name_sidebar_toggles(text: str) -> str:
    """Give each of the sidebar's fold buttons (``<summary>`` with an icon only) a name.

    >>> named = name_sidebar_toggles('<a class="reference internal" href="api/index.html">API</a>'
    ...                              "<details><summary><span></span></summary>")
    >>> named.split("<details>")[1]
    '<summary aria-label="API: show or hide its pages"><span></span></summary>'
    """
    return SIDEBAR_TOGGLE.sub(
        lambda m: f'{m[1]}<summary aria-label="{m[2]}: show or hide its pages">', text
    )


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else REPO / "build" / "html"
    if (out / ".buildinfo").exists():
        shutil.rmtree(out)  # a previous build: no pages left over from renamed notebooks
    build(out)
    print(f"open {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
