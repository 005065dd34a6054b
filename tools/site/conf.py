"""Sphinx configuration of the course website (``make html`` → ``tools/build_site.py``).

The Jupyter Book 1 stack: Sphinx, MyST-NB (notebooks with their committed outputs, never
executed here) and sphinx-book-theme (sidebar with the course map, search, previous/next).
Formulas are typeset by MathJax 2.7.9 from the copy that the ``jupyter-server-mathjax`` package
ships (copied into ``_static/mathjax`` by ``build_site.py``): nothing is loaded from a CDN.
"""

from __future__ import annotations

project = "evalkit — evaluating and comparing classifiers honestly"
author = "The evalkit course authors"
copyright = "the evalkit course authors"

extensions = ["myst_nb"]
root_doc = "index"
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}

# --- notebooks: the committed outputs, as they are -----------------------------------------
nb_execution_mode = "off"
nb_ipywidgets_js = {}  # widgets need a kernel; no widget manager from a CDN
nb_render_markdown_format = "myst"  # $…$ in Markdown outputs becomes math, too
nb_code_prompt_show = "Show the solution"
nb_code_prompt_hide = "Hide the solution"
nb_merge_streams = True

# --- Markdown: the notebooks' $…$ and $$…$$ -------------------------------------------------
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_dmath_double_inline = True
myst_heading_anchors = 3
myst_update_mathjax = False  # its settings are for MathJax 3; ours are below, for 2.7
suppress_warnings = ["mystnb.unknown_mime_type"]

# --- MathJax 2.7.9, local --------------------------------------------------------------------
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
mathjax2_config = {
    "tex2jax": {
        "inlineMath": [["\\(", "\\)"]],
        "displayMath": [["\\[", "\\]"]],
        "processEscapes": True,
        "processEnvironments": True,
    },
    # jupyter-server-mathjax ships only the STIX-Web fonts (as JupyterLab configures them)
    "HTML-CSS": {
        "availableFonts": [],
        "imageFont": None,
        "preferredFont": None,
        "webFont": "STIX-Web",
        "linebreaks": {"automatic": True},
    },
    # The "-full" configuration first draws every formula as a quick low-quality preview and then
    # typesets it again in HTML-CSS. Without the preview (the raw TeX shows until a formula is
    # typeset, chunk by chunk) the browser spends about a quarter less CPU on the 19 pages
    # (crawl of tests/browser/test_site.py: 52 s -> 38-42 s in Chromium)
    "fast-preview": {"disabled": True},
    "showMathMenu": False,
    "messageStyle": "none",
}

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
