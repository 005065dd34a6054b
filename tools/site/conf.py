"""Sphinx configuration of the course website (``make html`` → ``tools/build_site.py``).

The Jupyter Book 1 stack: Sphinx, MyST-NB (notebooks with their committed outputs, never
executed here) and sphinx-book-theme (sidebar with the course map, search, previous/next).
The API reference (``api/``, written by ``api_reference.py``) comes from evalkit's numpydoc
docstrings through autodoc, autosummary and napoleon (numpy style); ``code_links.py`` links the
first call of each evalkit function in a notebook's code to its entry there.
Formulas are typeset by MathJax 3 from the copy that the ``sphinx-mathjax-offline`` package ships
(copied into ``_static/mathjax`` by ``build_site.py``): nothing is loaded from a CDN.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # code_links, api_reference

project = "evalkit — evaluating and comparing classifiers honestly"
author = "The evalkit course authors"
copyright = "the evalkit course authors"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "docstrings",  # |T| in a docstring is a set's size, not a substitution
    "code_links",
]
root_doc = "index"
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb", ".rst": "restructuredtext"}

# --- notebooks: the committed outputs, as they are -----------------------------------------
nb_execution_mode = "off"
nb_ipywidgets_js = {}  # widgets need a kernel; no widget manager from a CDN
nb_render_markdown_format = "myst"  # $…$ in Markdown outputs becomes math, too
nb_code_prompt_show = "Show the solution"
nb_code_prompt_hide = "Hide the solution"
nb_merge_streams = True

# --- the API reference: numpydoc docstrings ---------------------------------------------------
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_ivar = True  # a result type's Attributes: a field list (autodoc lists the members)
napoleon_use_rtype = False
napoleon_preprocess_types = False
autodoc_typehints = "none"  # the docstrings give the types; the hints would repeat them, longer
autodoc_member_order = "bysource"
autodoc_default_options = {"exclude-members": "__init__, __new__"}
autosummary_generate = False  # the module pages list every entry themselves
add_module_names = False  # "clopper_pearson(successes, trials, …)", the module in the title
python_display_short_literal_types = True

# --- Markdown: the notebooks' $…$ and $$…$$ -------------------------------------------------
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_dmath_double_inline = True
myst_heading_anchors = 3
suppress_warnings = ["mystnb.unknown_mime_type"]

# --- MathJax 3, local: the CommonHTML output, as JupyterLab 4 typesets the notebooks ------------
# MathJax 2's HTML-CSS output (this site's until 2026-11) took about three times the browser's CPU
# to typeset the same pages: loading all 19 pages in headless Chromium cost its renderers 37 s
# with MathJax 2, 17 s with MathJax 3 and 8 s with no MathJax. MathJax 3 does not break long
# formulas into lines: the notebooks write wide display formulas on several lines themselves,
# and tests/browser/test_site.py fails on one wider than its column.
mathjax_path = "mathjax/tex-chtml.js"
# no right-click menu (it loads more); every formula also as hidden MathML, which screen readers
# read (MathJax's assistive-mml extension, part of the tex-chtml component)
mathjax3_config = {"options": {"enableMenu": False, "enableAssistiveMml": True}}

# --- the book ----------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = "evalkit course"
html_static_path = ["static"]
html_css_files = ["evalkit.css"]
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    "show_toc_level": 2,
    "home_page_in_toc": True,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    "navbar_persistent": [],  # search sits in the sidebar (no second search bar on top)
}


# --- one toggle per solution ------------------------------------------------------------------
# An exercise's solution is a run of consecutive cells tagged `solution`: written parts (Markdown
# cells that begin with a line such as "Solution — click to show", or older <details> blocks) and
# code cells (MyST-NB's "Show the solution" toggle, from the `hide-cell` tag tools/build_site.py
# adds). On the website each run with a written part becomes ONE <details> block: the first
# written part's first line is the summary, and the run's code cells (with their outputs) and
# further written parts open with it, without toggles of their own. A run of code cells alone
# keeps MyST-NB's toggle. Where first lines number the solutions ("Solution 2 — click to show"),
# a run ends where the number changes: one toggle per exercise. MyST-NB drops a Markdown cell's
# tags, so the Markdown renderer wraps a solution cell in a container first (classes
# `evalkit-written-solution`).
import html  # noqa: E402
import re  # noqa: E402

from docutils import nodes  # noqa: E402
from myst_nb.core.render import MditRenderMixin  # noqa: E402
from sphinx.transforms.post_transforms import SphinxPostTransform  # noqa: E402

WRITTEN = "evalkit-written-solution"
_MARKER = re.compile(r"^(Solution[^\n]*?)(?:\s+[—-]+\s+click to show)?\.?$")
_render_markdown_cell = MditRenderMixin.render_nb_cell_markdown


def _render_solution_markdown_cell(self, token) -> None:
    """Render a Markdown cell; one tagged ``solution`` inside a container that says so."""
    if "solution" not in token.meta.get("metadata", {}).get("tags", []):
        _render_markdown_cell(self, token)
        return
    box = nodes.container(classes=[WRITTEN])
    with self.current_node_context(box, append=True):
        _render_markdown_cell(self, token)


MditRenderMixin.render_nb_cell_markdown = _render_solution_markdown_cell


def _is_solution_code(node: nodes.Node) -> bool:
    return (
        isinstance(node, nodes.container)
        and node.get("nb_element") == "cell_code"
        and "tag_solution" in node.get("classes", [])
    )


def _is_written(node: nodes.Node) -> bool:
    return isinstance(node, nodes.container) and WRITTEN in node.get("classes", [])


def _is_details_end(node: nodes.Node) -> bool:
    return isinstance(node, nodes.raw) and node.astext().strip() == "</details>"


_NUMBER = re.compile(r"^#?\s*Solution (\d+)\b")


def _number(node: nodes.Node) -> str | None:
    """The exercise number a solution cell's first line gives ("Solution 2 — …"), if any."""
    first = next(
        iter(node.findall(lambda n: isinstance(n, (nodes.paragraph, nodes.literal_block)))), None
    )
    match = _NUMBER.match(first.astext().strip()) if first is not None else None
    return match.group(1) if match else None


def _same_exercise(node: nodes.Node, number: str | None) -> bool:
    other = _number(node)
    return number is None or other is None or other == number


def _title(box: nodes.container) -> tuple[str, list[nodes.Node]]:
    """The summary of a written solution (its first line) and the rest of its content."""
    children = list(box.children)
    if children and isinstance(children[0], nodes.paragraph):
        match = _MARKER.match(children[0].astext().strip())
        if match:
            return match.group(1), children[1:]
    return "Solution", children


class SolutionsInOneToggle(SphinxPostTransform):
    """Fold each run of solution cells with a written part into one <details>."""

    default_priority = 198  # before MyST-NB's HideInputCells (199) adds the code cells' toggles
    formats = ("html",)

    def run(self, **kwargs) -> None:
        boxes, ends = list(self.document.findall(_is_written)), []
        for box in boxes:
            first = box.children[0] if box.children else None
            if isinstance(first, nodes.raw) and first.astext().lstrip().startswith("<details"):
                ends += [child for child in box.children if _is_details_end(child)]
                box.parent.replace(box, list(box.children))  # a <details> block already
        # a <details> block, then the code cells of the same solution: move them inside it
        for end in ends:
            parent, cells = end.parent, []
            for sibling in parent.children[parent.index(end) + 1 :]:
                if not _is_solution_code(sibling):
                    break
                sibling["hide_mode"] = None
                cells.append(sibling)
            if cells:
                parent.remove(end)
                parent.insert(parent.index(cells[-1]) + 1, end)
        for box in boxes:
            parent = box.parent
            if parent is None or not any(child is box for child in parent.children):
                continue  # unwrapped above, or folded into the run before it
            self.fold(box)

    def fold(self, box: nodes.container) -> None:
        parent = box.parent
        title, content = _title(box)
        summary = f"<details class='evalkit-solution'><summary>{html.escape(title)}</summary>"
        folded: list[nodes.Node] = [nodes.raw("", summary, format="html")]
        start, number = parent.index(box), _number(box)
        while (
            start > 0
            and _is_solution_code(parent.children[start - 1])
            and _same_exercise(parent.children[start - 1], number)
        ):
            start -= 1  # the run's code cells before its first written part
        for sibling in parent.children[start : parent.index(box)]:
            sibling["hide_mode"] = None
            folded.append(sibling)
        for sibling in folded[1:]:
            parent.remove(sibling)
            sibling.parent = None
        folded += content
        run = []
        for sibling in parent.children[parent.index(box) + 1 :]:
            if not (_is_solution_code(sibling) or _is_written(sibling)):
                break
            if not _same_exercise(sibling, number):
                break  # the next exercise's solution ("Solution 3 — …" after "Solution 2 — …")
            run.append(sibling)
        for sibling in run:
            parent.remove(sibling)
            sibling.parent = None
            if _is_written(sibling):
                more, rest = _title(sibling)
                folded += [nodes.paragraph("", "", nodes.strong("", more)), *rest]
            else:
                sibling["hide_mode"] = None
                folded.append(sibling)
        folded.append(nodes.raw("", "</details>", format="html"))
        parent.replace(box, folded)


# --- Deeper sections and source notes, folded ----------------------------------------------------
# A section headed "Deeper: …" (level 2) or "Source note: …" (level 3 or 4) is folded in
# JupyterLab (its heading cell's jp-MarkdownHeadingCollapsed metadata) and here: its heading
# stays (for the page's contents and its anchor), its body goes into a native <details> whose
# summary says what it holds, open on a click or with the keyboard (Enter or Space).
FOLDED = {
    "Deeper:": "Show this Deeper section (the core path does not need it)",
    "Source note:": "Show this source note (an erratum of a source document)",
}


class FoldedSections(SphinxPostTransform):
    """Fold the body of every Deeper section and source note into one <details>."""

    default_priority = 197
    formats = ("html",)

    def run(self, **kwargs) -> None:
        for section in list(self.document.findall(nodes.section)):
            if not section.children or not isinstance(section[0], nodes.title):
                continue
            title = section[0].astext().strip()
            found = [text for start, text in FOLDED.items() if title.startswith(start)]
            summary = found[0] if found else None
            if summary is None or len(section.children) < 2:
                continue
            body = list(section.children[1:])
            for child in body:
                section.remove(child)
            opening = (
                "<details class='evalkit-folded'><summary>" + html.escape(summary) + "</summary>"
            )
            section += [
                nodes.raw("", opening, format="html"),
                *body,
                nodes.raw("", "</details>", format="html"),
            ]


# --- wide tables scroll in a box of their own -------------------------------------------------
# A Markdown table wider than the page's column (the conversion page's, say) scrolls sideways in
# its own box, as the glossary's tables do: the page itself never scrolls sideways (WCAG 1.4.10),
# and the box can be reached and scrolled with the keyboard and is named for screen readers.


class TablesScrollInTheirOwnBox(SphinxPostTransform):
    """Wrap every table of a page in a focusable, named box that scrolls sideways."""

    default_priority = 196
    formats = ("html",)

    def run(self, **kwargs) -> None:
        for table in list(self.document.findall(nodes.table)):
            parent = table.parent
            if parent is None:
                continue
            titles = list(table.findall(nodes.title))
            label = html.escape(titles[0].astext() if titles else "table", quote=True)
            opening = (
                f"<div class='evalkit-table-wrap' tabindex='0' role='region' aria-label='{label}'>"
            )
            index = parent.index(table)
            parent.insert(index, nodes.raw("", opening, format="html"))
            parent.insert(index + 2, nodes.raw("", "</div>", format="html"))


def setup(app) -> dict:
    app.add_post_transform(SolutionsInOneToggle)
    app.add_post_transform(FoldedSections)
    app.add_post_transform(TablesScrollInTheirOwnBox)
    return {"parallel_read_safe": True}
