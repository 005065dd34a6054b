"""Build the static course site: every notebook executed afresh and rendered to HTML.

    python tools/build_site.py [--no-execute] [OUT_DIR]      # default: build/html  (make html)

Each notebook is executed top to bottom in a fresh kernel (in memory; the committed notebook is
not touched) and rendered with nbconvert's JupyterLab template, figures embedded in the page.
Links between notebooks point to the HTML pages, an index page shows the course map, and a
glossary page the course's terms with the sources' own words and the notation table. Widgets
need a running Python kernel, so each page says where to move the sliders: in JupyterLab.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kernel import execute_notebook
from navigation import COURSE

REPO = Path(__file__).resolve().parent.parent
NOTE = (
    "<div style='background:#fff8e1;border-left:4px solid #E69F00;padding:8px 12px;"
    "margin:8px 0;font-family:sans-serif'>This is a static page of the evalkit course: "
    "figures and numbers are those of a fresh run. The sliders need a running Python kernel — "
    "open the notebook in JupyterLab (<code>make lab</code>) to move them. "
    "<a href='index.html'>Course map</a></div>"
)


def render(path: Path, execute: bool = True, timeout: int = 300) -> str:
    """Return the HTML page of the notebook at ``path``, executed afresh in memory by default."""
    nb = nbformat.read(path, as_version=4)
    if execute:
        execute_notebook(nb, path.parent, timeout)
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    body = re.sub(r'href="((?:\d\d_[a-z0-9_]+))\.ipynb(#[^"]*)?"', r'href="\1.html\2"', body)
    return _insert_note(body)


def _insert_note(page: str) -> str:
    match = re.search(r"<body[^>]*>", page)
    if not match:
        return NOTE + page
    return page[: match.end()] + NOTE + page[match.end() :]


def glossary_page() -> str:
    """Return the HTML page of the glossary and the notation table (``data/glossary.toml``,
    ``data/notation.toml``, rendered by :mod:`evalkit.glossary`)."""
    from evalkit.glossary import glossary_table, notation_table

    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>evalkit — glossary and notation</title>
<style>body{{font-family:sans-serif;max-width:80em;margin:2em auto;line-height:1.4}}
table{{border-collapse:collapse;margin:1em 0}} td,th{{border:1px solid #ccc;padding:4px 8px}}
th{{background:#f4f4f4}} caption{{text-align:left;font-weight:bold;padding:4px 0}}</style>
</head><body>
<p><a href='index.html'>Course map</a></p>
<h1>Glossary and notation</h1>
<p>For students of the original lectures: each term of the course in English with the words the
source documents use for it — German (Günter, Wolff), Hungarian (Tan, Steinbach &amp; Kumar in
translation), Greek (Symeonidis), Persian and English (Fouladi) — where it occurs, and the
notebooks that teach it. The notation table gives each source's symbol for the course's symbols,
so that a source's formula can be read in the course's terms.</p>
<h2 id="notation">Notation</h2>
{notation_table().html()}
<h2 id="glossary">Glossary</h2>
{glossary_table(links=".html").html()}
</body></html>
"""


def index_page(present: list[tuple[str, str]]) -> str:
    rows = "\n".join(
        f"<li><a href='{stem}.html'>{stem[:2]} — {html.escape(title)}</a></li>"
        for stem, title in present
    )
    planned = "\n".join(
        f"<li>{stem[:2]} — {html.escape(title)} <i>(planned)</i></li>"
        for stem, title in COURSE
        if (stem, title) not in present
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>evalkit — the course</title>
<style>body{{font-family:sans-serif;max-width:46em;margin:2em auto;line-height:1.5}}</style>
</head><body>
<h1>evalkit — evaluating and comparing classifiers honestly</h1>
<p>Classifier A got 47 of 50 test items right, classifier B 40 of 50. Is A better? The course
answers that question and the ones that follow from it, and checks every number its five source
documents print. These pages are static renderings of the notebooks; run them in JupyterLab
(<code>make lab</code>) to move the sliders.</p>
<h2 id="course-map">The course map</h2>
<ol start="0" style="list-style:none;padding-left:0">
{rows}
{planned}
</ol>
<h2 id="glossary">Glossary and notation</h2>
<p><a href='glossary.html'>The course's terms with the sources' German, Hungarian, Greek and
Persian words, and the notation table</a> — each source's symbols in the course's terms.</p>
</body></html>
"""


def main(argv: list[str]) -> int:
    execute = "--no-execute" not in argv
    argv = [a for a in argv if a != "--no-execute"]
    out = Path(argv[0]) if argv else REPO / "build" / "html"
    out.mkdir(parents=True, exist_ok=True)
    present = [(s, t) for s, t in COURSE if (REPO / "notebooks" / f"{s}.ipynb").exists()]
    for stem, _ in present:
        page = render(REPO / "notebooks" / f"{stem}.ipynb", execute=execute)
        (out / f"{stem}.html").write_text(page, encoding="utf-8")
        print(out / f"{stem}.html", flush=True)
    (out / "glossary.html").write_text(glossary_page(), encoding="utf-8")
    print(out / "glossary.html")
    (out / "index.html").write_text(index_page(present), encoding="utf-8")
    print(out / "index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
