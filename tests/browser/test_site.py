"""The static site (make html): the index loads, every link resolves, every page shows figures.

The site is built here from the committed outputs (``--no-execute``); ``make html`` executes the
notebooks afresh, which nbval already proves gives the same outputs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.conftest import NOTEBOOKS, REPO


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, str(REPO / "tools" / "build_site.py"), "--no-execute", str(out)],
        check=True,
        capture_output=True,
        text=True,
    )
    return out


@pytest.mark.browser
def test_site_has_a_page_per_notebook_and_an_index(site):
    pages = {p.stem for p in site.glob("*.html")}
    assert pages == {p.stem for p in NOTEBOOKS.glob("*.ipynb")} | {"index"}


@pytest.mark.browser
def test_index_links_resolve_and_pages_show_their_figures(site, browser):
    page = browser.new_page()
    try:
        page.goto((site / "index.html").as_uri())
        assert "course map" in page.inner_text("body").lower()
        to_visit = {(site / "index.html").as_uri()}
        seen: set[str] = set()
        while to_visit:
            url = to_visit.pop()
            seen.add(url)
            page.goto(url)
            for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
                parsed = urlparse(href)
                if parsed.scheme != "file":
                    continue  # external links are not followed (no network here)
                target = Path(parsed.path)
                assert target.exists(), f"{url} links to a missing page: {target.name}"
                if target.suffix == ".html" and target.as_uri() not in seen:
                    to_visit.add(target.as_uri())
            if url.endswith("index.html"):
                continue
            images = page.eval_on_selector_all(
                "img", "els => els.map(e => [e.complete, e.naturalWidth])"
            )
            assert images, f"{url} shows no figure"
            assert all(done and width > 0 for done, width in images), f"{url}: broken image"
        assert len(seen) == len(list(site.glob("*.html")))
    finally:
        page.close()
