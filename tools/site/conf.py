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
mathjax3_config = {"options": {"enableMenu": False}}  # no right-click menu (it loads more)

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
