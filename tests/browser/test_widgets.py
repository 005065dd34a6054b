"""Every notebook's widgets, in JupyterLab in a real (headless) browser.

For each notebook: open it, run all cells, wait until the kernel is idle, fail on any error
output, then move the slider of every interact widget with the keyboard (or pick another entry
of its dropdown, for widgets without a slider) and check that the widget's output (figure or
numbers) changed. One screenshot per notebook is kept in
build/screenshots/ for people to look at.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENSHOTS
from tests.conftest import NOTEBOOKS

STEMS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
RUN_TIMEOUT_MS = 240_000


def _output_signature(widget) -> str:
    """The images and text of a widget's output area (changes when the widget redraws)."""
    images = widget.locator(".jp-OutputArea-output img")
    sources = [images.nth(i).get_attribute("src") or "" for i in range(images.count())]
    texts = widget.locator(".jp-OutputArea-output").all_inner_texts()
    return "\n".join(sources + texts)


def _wait_for_kernel(page, lab, notebook: str) -> None:
    """Wait until the notebook's kernel runs and is idle; accept a kernel-selection dialog."""
    for _ in range(360):
        select = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
        if select.count() and select.first.is_visible():
            select.first.click()
        if lab.kernel_state(notebook) == "idle":
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"{notebook}: the kernel did not start")


def _run_all(page) -> None:
    page.locator("#jp-MainMenu .lm-MenuBar-itemLabel:text-is('Run')").click()
    page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
    # every code cell gets a number when it has run: wait until no prompt shows '[*]' or '[ ]',
    # or until an error stops Run All (then the remaining prompts stay empty)
    page.wait_for_function(
        """() => {
            const panel = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
            const failed = [...document.querySelectorAll(panel + '.jp-OutputArea-output')]
                .some(o => o.textContent.includes('Traceback (most recent call last)'));
            const prompts = [...document.querySelectorAll(panel + '.jp-CodeCell .jp-InputPrompt')];
            const done = prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
            return failed || done;
        }""",
        timeout=RUN_TIMEOUT_MS,
    )
    page.wait_for_selector(
        ".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=RUN_TIMEOUT_MS
    )


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("stem", STEMS)
def test_widgets_render_and_respond_to_a_slider(stem, lab, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    console_errors = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console_errors.append(str(e)))
    try:
        page.goto(f"{lab.base}/lab/tree/{stem}.ipynb?reset&token={lab.token}")
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
        _wait_for_kernel(page, lab, f"{stem}.ipynb")
        _run_all(page)

        outputs = page.locator(".jp-NotebookPanel .jp-Cell .jp-OutputArea-output")
        texts = outputs.all_inner_texts()
        tracebacks = [t for t in texts if "Traceback (most recent call last)" in t]
        assert not tracebacks, f"{stem}: error output after Run All:\n{tracebacks[0][:2000]}"

        widgets = page.locator(".widget-interact")
        widgets.first.wait_for(timeout=60_000)
        moved = 0
        for i in range(widgets.count()):
            widget = widgets.nth(i)
            handles = widget.locator(".widget-slider .noUi-handle")
            dropdowns = widget.locator(".widget-dropdown select")
            if handles.count() == 0 and dropdowns.count() == 0:
                continue
            widget.scroll_into_view_if_needed()
            widget.locator(".jp-OutputArea-output").first.wait_for(timeout=60_000)
            before = _output_signature(widget)
            if handles.count():  # move a slider two steps with the keyboard
                handles.first.focus()
                handles.first.press("ArrowRight")
                handles.first.press("ArrowRight")
            else:  # or pick another entry of a dropdown
                select = dropdowns.first
                options = select.locator("option")
                current = select.evaluate("el => el.selectedIndex")
                select.select_option(index=(current + 1) % options.count())
            deadline_ms, step_ms, waited = 30_000, 250, 0
            while _output_signature(widget) == before and waited < deadline_ms:
                page.wait_for_timeout(step_ms)
                waited += step_ms
            assert _output_signature(widget) != before, f"{stem}: widget {i} did not update"
            after_texts = widget.locator(".jp-OutputArea-output").all_inner_texts()
            assert not any("Traceback" in t for t in after_texts), f"{stem}: widget {i} raised"
            moved += 1
            if moved == 1:
                page.wait_for_timeout(1000)  # let the last redraw land before the picture
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"{stem}.png"))
        assert moved >= 1, f"{stem}: no interact widget with a slider or dropdown found"
        widget_errors = [e for e in console_errors if "widget" in e.lower() or "model" in e.lower()]
        assert not widget_errors, f"{stem}: console errors: {widget_errors[:5]}"
    finally:
        page.close()
        lab.shutdown_kernels()
