"""The course website (make html) in headless Chromium with the network blocked.

Every page is visited by following the site's own links from the front page, the API reference
(a page per evalkit module) and the pages "Coming from SciPy, statsmodels, scikit-learn or R" and
"Architecture" among them: each loads offline, its formulas are typeset, and every internal link
(to a file, and to an anchor in it) leads somewhere. The search finds a function by its name, and
a notebook's first call of a function leads to the function's entry.

The site is built here from the committed outputs (tools/build_site.py: Sphinx, MyST-NB with
execution off, sphinx-book-theme) and served on loopback; every request that does not go to
that server is reported and fails the test (the request itself fails too: the browser resolves
no host name). Screenshots land in build/screenshots/.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urldefrag, urlparse

import pytest

from tests.browser.conftest import SCREENSHOTS
from tests.conftest import NOTEBOOKS, REPO

pytestmark = pytest.mark.browser

# Text that must not be visible: TeX that MathJax did not typeset.
RAW_MATH = [
    ("$$", re.compile(r"\$\$")),
    ("$…$", re.compile(r"\$[^$\s][^$\n]*\$")),
    ("\\frac", re.compile(r"\\frac")),
    ("\\(", re.compile(r"\\\(")),
    ("\\[", re.compile(r"\\\[")),
    ("\\begin", re.compile(r"\\begin")),
]
# The page's text as a reader sees it, without code (code may hold a literal $ or backslash).
VISIBLE_TEXT = """() => {
    const article = (document.querySelector('article') || document.body).cloneNode(true);
    article.querySelectorAll('pre, code, script, style, mjx-assistive-mml')
        .forEach(e => e.remove());
    return article.textContent;
}"""
TYPESET = """() => {
    if (!document.querySelector('script[src*="mathjax/tex-chtml.js"]')) return false;
    const ready = () => window.MathJax && MathJax.startup && MathJax.startup.promise;
    return new Promise(done => {
        const wait = () => ready() ? MathJax.startup.promise.then(() => done(true))
                                   : setTimeout(wait, 50);
        wait();
    });
}"""
# Display formulas wider than the text column: MathJax 3 does not break a formula into lines,
# so such a formula sticks out of the page or is cut off (the notebook writes it on several
# lines instead: \begin{aligned}, \\).
TOO_WIDE = """() => [...document.querySelectorAll('article mjx-container[display="true"]')]
    .map(c => [c.querySelector('mjx-math').getBoundingClientRect().width, c.clientWidth, c])
    .filter(([width, column]) => width > column + 0.5)
    .map(([width, column, c]) => `${Math.round(width)} px > ${column} px: `
        + c.querySelector('mjx-assistive-mml').textContent.slice(0, 60))"""


# Screenshots taken by the crawl: page → (file in build/screenshots, scrolled to a formula)
SCREENSHOT_OF = {
    "index.html": ("site_index.png", False),
    "01_bernoulli_binomial_beta.html": ("site_formulas.png", True),
}


def _notebook_stems() -> set[str]:
    return {p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")}


def _reference_pages() -> set[str]:
    """The API reference's pages (one per public evalkit module) and the other reference pages."""
    modules = {p.stem for p in (REPO / "evalkit").glob("[a-z]*.py")} | {
        p.parent.name for p in (REPO / "evalkit").glob("[a-z]*/__init__.py")
    }
    return {f"api/{m}.html" for m in modules} | {
        "api/index.html",
        "coming_from.html",
        "architecture.html",
    }


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "html"
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / "build_site.py"), str(out)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (out.parent / "build-messages.txt").write_text(result.stderr, encoding="utf-8")
    return out


def test_the_build_reports_no_warning_or_error(site):
    """Sphinx's warnings, and docutils' errors in a docstring that it cannot read (the API
    reference): each one is a page that does not show what its source says. A test of its own,
    so that the pages are still checked in the browser when a docstring fails."""
    messages = (site.parent / "build-messages.txt").read_text(encoding="utf-8")
    assert "WARNING" not in messages, messages[-3000:]
    assert "ERROR" not in messages, messages[-3000:]


@pytest.fixture(scope="module")
def server(site):
    """The site on a loopback HTTP server; yields its base URL."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def offline_page(browser, server):
    """A page that records every request not to the site's server (and ends the test with them).

    Such a request also fails: Chromium resolves no host name here (CHROMIUM_ARGS). The
    requests are watched, not intercepted: routing each one through Playwright turns the
    browser's cache off, and the crawl's Chromium then needed about a third more CPU (58-60 s
    against 40-49 s in four runs, measured when the site used MathJax 2).
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    offsite: list[str] = []

    def watch(request):
        inline = urlparse(request.url).scheme in ("data", "blob", "about")
        if not inline and not request.url.startswith(server):
            offsite.append(request.url)

    context.on("request", watch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page, offsite, errors
    finally:
        context.close()
    assert offsite == [], f"requests to the network: {offsite[:5]}"
    assert errors == [], f"JavaScript errors: {errors[:5]}"


#: The rules every page must pass: WCAG 2.0 and 2.1, levels A and AA (axe-core's tags).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FILE_NAME = re.compile(r"\.(png|svg|jpe?g|gif)\b|^_images/|^[0-9a-f]{16,}")


def _accessibility_problems(page, name: str, formulas: bool) -> list[str]:
    """What keeps this page from WCAG 2.1 AA (issue 60): axe-core's violations of the A and AA
    rules, a figure without a real text alternative, formulas without MathML for screen
    readers."""
    from axe_playwright_python.sync_playwright import Axe

    found = []
    result = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS}})
    for violation in result.response["violations"]:
        where = [node["target"] for node in violation["nodes"][:3]]
        found.append(f"{name}: axe-core {violation['id']} ({violation['impact']}): {where}")
    for alt in page.eval_on_selector_all("article img", "els => els.map(e => e.alt)"):
        if len(re.findall(r"\w+", alt)) < 5 or FILE_NAME.search(alt):
            found.append(f"{name}: a figure whose text alternative says nothing: {alt!r}")
    if formulas and not page.locator("article mjx-assistive-mml").count():
        found.append(f"{name}: formulas without assistive MathML for screen readers")
    return found


def _open(page, url: str) -> bool:
    """Load ``url`` and wait for MathJax to finish; True if the page loads MathJax."""
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url}: {response and response.status}"
    return page.evaluate(TYPESET)


def test_site_has_a_page_per_notebook_an_index_and_the_glossary(site):
    pages = {p.stem for p in site.glob("*.html")}
    assert _notebook_stems() | {"index", "glossary", "atlas", "search"} <= pages
    assert (site / "_static" / "mathjax" / "tex-chtml.js").exists()
    missing = sorted(p for p in _reference_pages() if not (site / p).exists())
    assert missing == [], f"reference pages not built: {missing}"


def test_every_page_loads_offline_with_formulas_figures_and_working_links(
    site, server, offline_page
):
    page, _, _ = offline_page
    to_visit, seen = [server + "index.html"], set()
    problems: list[str] = []  # every page is visited; the test fails at the end, naming them all
    ids: dict[str, set[str]] = {}
    fragments: list[tuple[str, str, str]] = []
    with_math = []
    while to_visit:
        url = to_visit.pop()
        if url in seen:
            continue
        seen.add(url)
        has_mathjax = _open(page, url)
        name = urlparse(url).path.lstrip("/")
        text = page.evaluate(VISIBLE_TEXT)
        for label, pattern in RAW_MATH:
            match = pattern.search(text)
            if match is not None:
                context = text[match.start() - 60 : match.end() + 60]
                problems.append(f"{name}: raw {label} visible: …{context}…")
        formulas = page.locator("article .math.notranslate")  # Sphinx's, one per formula
        if formulas.count():
            assert has_mathjax, f"{name} has formulas but does not load MathJax"
            typeset = page.locator("article .math.notranslate:has(mjx-container)").count()
            if typeset != formulas.count():
                problems.append(f"{name}: {typeset} of {formulas.count()} formulas typeset")
            errors = page.locator("article mjx-merror").count()
            if errors:
                problems.append(f"{name}: {errors} formulas with TeX errors")
            too_wide = page.evaluate(TOO_WIDE)
            if too_wide:
                problems.append(f"{name}: display formulas wider than the page: {too_wide}")
            with_math.append(name)
        if Path(name).stem in _notebook_stems():
            # the book's order: front page, notebooks 00, 01, …, glossary
            order = [
                "index.html",
                *(f"{s}.html" for s in sorted(_notebook_stems())),
                "glossary.html",
            ]
            i = order.index(name)
            prev_next = page.eval_on_selector_all(
                ".prev-next-area a.left-prev, .prev-next-area a.right-next",
                "els => els.map(e => e.getAttribute('href'))",
            )
            assert prev_next == [order[i - 1], order[i + 1]], f"{name}: previous/next {prev_next}"
            images = page.eval_on_selector_all(
                "article img", "els => els.map(e => [e.src, e.complete, e.naturalWidth])"
            )
            assert images, f"{name} shows no figure"
            broken = [src for src, done, width in images if not (done and width > 0)]
            assert broken == [], f"{name}: figures that do not load: {broken}"
        if name == "atlas.html":  # the coverage atlas: a figure and a table per family
            images = page.eval_on_selector_all(
                "article img", "els => els.map(e => [e.src, e.complete, e.naturalWidth])"
            )
            tables = page.locator("article table.evalkit-atlas").count()
            assert len(images) >= 5 and tables == len(images), (len(images), tables)
            assert all(done and width > 0 for _, done, width in images), images
        if name in SCREENSHOT_OF:  # while the page is open (loading it again costs its MathJax)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shot, first_formula = SCREENSHOT_OF[name]
            if first_formula:
                page.locator("article div.math").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / shot))
        problems += _accessibility_problems(page, name, formulas=bool(formulas.count()))
        ids[name] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            target, fragment = urldefrag(href)
            if not target.startswith(server):
                assert urlparse(href).scheme in ("http", "https", "mailto"), href
                continue  # external links are not followed (no network here)
            path = urlparse(target).path.lstrip("/") or "index.html"
            if not (site / path).exists():
                problems.append(f"{name} links to a missing file: {path}")
                continue
            if path.endswith(".html"):
                to_visit.append(server + path)
                if fragment:
                    fragments.append((name, path, fragment))
    visited = {urlparse(u).path.lstrip("/") for u in seen}
    pages = {f"{stem}.html" for stem in _notebook_stems()} | {"glossary.html", "atlas.html"}
    pages |= _reference_pages()
    assert pages - visited == set(), f"pages that no link leads to: {sorted(pages - visited)}"
    missing = [(page_, f"{path}#{frag}") for page_, path, frag in fragments
               if frag not in ids[path]]  # fmt: skip
    problems += [f"{page_} links to a missing anchor: {target}" for page_, target in missing]
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)
    assert len(with_math) >= len(_notebook_stems()) - 1, with_math  # nearly every notebook
    assert all((SCREENSHOTS / shot).exists() for shot, _ in SCREENSHOT_OF.values())


def test_search_finds_mcnemar(server, offline_page):
    page, _, _ = offline_page
    page.goto(server + "search.html?q=McNemar", wait_until="load")
    hits = page.locator("#search-results ul.search li")
    hits.first.wait_for(timeout=20_000)
    links = page.eval_on_selector_all(
        "#search-results ul.search li a", "els => els.map(e => e.getAttribute('href'))"
    )
    assert any(link.startswith("04_paired_comparisons.html") for link in links), links
    page.screenshot(path=str(SCREENSHOTS / "site_search.png"))


def test_search_finds_a_function_by_its_name(server, offline_page):
    page, _, _ = offline_page
    page.goto(server + "search.html?q=clopper_pearson", wait_until="load")
    page.locator("#search-results ul.search li").first.wait_for(timeout=20_000)
    links = page.eval_on_selector_all(
        "#search-results ul.search li a", "els => els.map(e => e.getAttribute('href'))"
    )
    entry = "api/intervals.html#evalkit.intervals.clopper_pearson"
    assert any(link.startswith(entry) for link in links), links


def test_a_notebooks_first_call_leads_to_the_reference_entry_with_its_example(server, offline_page):
    page, _, _ = offline_page
    page.route("**/_static/mathjax/**", lambda route: route.abort())  # not looked at here
    response = page.goto(server + "02_confidence_intervals.html", wait_until="load")
    assert response is not None and response.ok
    links = page.locator("article pre a.evalkit-api-link")
    hrefs = links.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    entry = "api/intervals.html#evalkit.intervals.clopper_pearson"
    assert hrefs.count(entry) == 1, hrefs  # the first call only
    assert len(hrefs) == len(set(hrefs)) >= 5, hrefs
    link = page.locator(f"article pre a.evalkit-api-link[href='{entry}']")
    assert link.inner_text() == "clopper_pearson"
    link.click()
    page.wait_for_url(re.compile(r".*/api/intervals\.html#evalkit\.intervals\.clopper_pearson$"))
    signature = page.locator("dt[id='evalkit.intervals.clopper_pearson']")
    assert signature.is_visible()
    assert signature.inner_text().startswith("clopper_pearson(successes, trials")
    body = page.locator("dt[id='evalkit.intervals.clopper_pearson'] + dd")
    assert body.locator("p.rubric", has_text="Examples").count() == 1
    assert ">>> " in body.locator("div.doctest pre").first.inner_text()
    page.screenshot(path=str(SCREENSHOTS / "site_reference.png"))


def test_solutions_are_hidden_until_opened(server, offline_page):
    page, _, _ = offline_page
    # the formulas are not what this test looks at (the crawl above checks them): MathJax is
    # not loaded, which saves the seconds it takes to typeset the page
    page.route("**/_static/mathjax/**", lambda route: route.abort())
    response = page.goto(server + "05_cross_validation.html", wait_until="load")
    assert response is not None and response.ok
    # one toggle per solution: a run of solution cells with a written part is one
    # details.evalkit-solution (tools/site/conf.py); a code-only solution is MyST-NB's hide-cell
    # toggle, and never a second toggle inside the first
    assert page.locator("article details.evalkit-solution details.hide").count() == 0
    for selector in ("article details.evalkit-solution", "article details.hide"):
        solutions = page.locator(selector)
        assert solutions.count() > 0, selector
        solution = solutions.first
        body = solution.locator(":scope > :not(summary)").first
        assert solution.get_attribute("open") is None
        assert not body.is_visible(), f"{selector}: the solution shows before it is opened"
        solution.locator(":scope > summary").click()
        body.wait_for(state="visible", timeout=5_000)
        assert solution.get_attribute("open") is not None
    page.locator("article details.hide").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "site_solution_open.png"))


def test_a_request_to_the_network_is_reported_and_fails(server, offline_page):
    # the check of every page above must see a request that leaves the site, and the browser
    # must not reach the network with it
    page, offsite, _ = offline_page
    page.goto(server + "index.html", wait_until="load")
    outcome = page.evaluate(
        """() => new Promise(done => {
            const img = new Image();
            img.onload = () => done('loaded');
            img.onerror = () => done('failed');
            img.src = 'https://cdn.example.org/evalkit-probe.png';
        })"""
    )
    assert outcome == "failed"
    assert offsite == ["https://cdn.example.org/evalkit-probe.png"]
    offsite.clear()  # seen: the fixture's own check must not fail this test
