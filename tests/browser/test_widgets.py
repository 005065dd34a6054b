"""Every notebook's widgets, in JupyterLab in a real (headless) browser.

For each notebook: open it, run all cells, wait until the kernel is idle, fail on any error
output, then move the slider of every interact widget with the keyboard (or pick another entry
of its dropdown, for widgets without a slider) and check that the widget's output (figure or
numbers) changed. Then every control of every widget (slider, dropdown, check box, toggle and
radio buttons) goes to its minimum, its maximum and a middle value, and any traceback or stderr
output in the widget fails the test: a student must never see one. One screenshot per
notebook is kept in build/screenshots/ for people to look at.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import SCREENSHOTS
from tests.conftest import NOTEBOOKS

STEMS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
RUN_TIMEOUT_MS = 240_000


def _output_signature(widget) -> str:
    """The images and text of a widget's output area (changes when the widget redraws).

    Read in one step in the page: counting the images and then asking for the n-th one's
    ``src`` raced with a redraw that removed it (Playwright then waited 30 s for an image that
    no longer existed).
    """
    return widget.evaluate(
        """el => {
            const outputs = [...el.querySelectorAll('.jp-OutputArea-output')];
            const sources = [...el.querySelectorAll('.jp-OutputArea-output img')]
                .map(img => img.getAttribute('src') || '');
            return sources.concat(outputs.map(o => o.innerText)).join('\\n');
        }"""
    )


_SLIDER = ".widget-slider"
_DROPDOWN = ".widget-dropdown select"
_CHECKBOX = ".widget-checkbox input[type=checkbox]"
_TOGGLES = ".widget-toggle-buttons"
_RADIO = ".widget-radio-box"
_STDERR = "application/vnd.jupyter.stderr"
_ERROR_LINE = re.compile(r"^\w*(Error|Exception): ", re.MULTILINE)


def _controls(widget) -> int:
    """How many controls (sliders, dropdowns, check boxes, toggle and radio groups) it has."""
    kinds = (_SLIDER, _DROPDOWN, _CHECKBOX, _TOGGLES, _RADIO)
    return sum(widget.locator(kind).count() for kind in kinds)


def _nudge(widget) -> None:
    """Move the first slider two steps, or pick the next entry of the first dropdown."""
    handles = widget.locator(f"{_SLIDER} .noUi-handle")
    if handles.count():
        handles.first.focus()
        handles.first.press("ArrowRight")
        handles.first.press("ArrowRight")
        return
    dropdowns = widget.locator(_DROPDOWN)
    if dropdowns.count():
        select = dropdowns.first
        current = select.evaluate("el => el.selectedIndex")
        select.select_option(index=(current + 1) % select.locator("option").count())
        return
    widget.locator(f"{_CHECKBOX}, {_TOGGLES} button, {_RADIO} input").first.click()


def _extremes(widget):
    """(description, action) for every control: its minimum, its maximum, a middle value.

    Sliders go to their ends with the Home and End keys (every handle of a range slider) and to
    the middle by a click on the middle of the track; dropdowns, toggle buttons and radio
    buttons to their first, last and middle entries; check boxes are switched on and off.
    """
    actions = []
    sliders = widget.locator(_SLIDER)
    for k in range(sliders.count()):
        slider = sliders.nth(k)
        label = f"slider {k} ({slider.locator('.widget-label').first.inner_text().strip()})"
        handles = slider.locator(".noUi-handle")
        for h in range(handles.count()):
            for key in ("Home", "End"):
                actions.append((f"{label} {key}", _press(handles.nth(h), key)))
        actions.append((f"{label} middle", _click_middle(slider.locator(".noUi-target"))))
    dropdowns = widget.locator(_DROPDOWN)
    for k in range(dropdowns.count()):
        select = dropdowns.nth(k)
        n = select.locator("option").count()
        for index in sorted({0, n - 1, n // 2}):
            actions.append((f"dropdown {k} entry {index}", _select(select, index)))
    groups = widget.locator(f"{_TOGGLES}, {_RADIO}")
    for k in range(groups.count()):
        buttons = groups.nth(k).locator("button, input")
        n = buttons.count()
        for index in sorted({0, n - 1, n // 2}):
            actions.append((f"button group {k} entry {index}", buttons.nth(index).click))
    boxes = widget.locator(_CHECKBOX)
    for k in range(boxes.count()):
        actions += [(f"check box {k} switched", boxes.nth(k).click)] * 2
    return actions


def _press(handle, key: str):
    def action() -> None:
        handle.focus()
        handle.press(key)

    return action


def _click_middle(track):
    def action() -> None:
        box = track.bounding_box()
        track.click(position={"x": box["width"] / 2, "y": box["height"] / 2})

    return action


def _select(select, index: int):
    return lambda: select.select_option(index=index)


def _wait_for_redraw(page, widget, before: str, timeout_ms: int) -> None:
    """Wait until the output changed (or ``timeout_ms`` passed) and the kernel is idle again."""
    waited, step_ms = 0, 100
    while _output_signature(widget) == before and waited < timeout_ms:
        page.wait_for_timeout(step_ms)
        waited += step_ms
    page.wait_for_selector(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']",
        timeout=RUN_TIMEOUT_MS,
    )
    page.wait_for_timeout(200)  # the last message of the update lands


def _assert_no_error(widget, where: str) -> None:
    """No traceback and nothing on stderr in the widget's output: a student sees none."""
    texts = widget.locator(".jp-OutputArea-output").all_inner_texts()
    errors = [t for t in texts if "Traceback" in t or _ERROR_LINE.search(t)]
    assert not errors, f"{where}: the widget shows an error:\n{errors[0][:1500]}"
    stderr = widget.locator(f".jp-OutputArea-output[data-mime-type='{_STDERR}']")
    if stderr.count():
        raise AssertionError(f"{where}: the widget prints to stderr:\n{stderr.first.inner_text()}")


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
            // a collapsed cell (a solution: JupyterLab shows "…") keeps an empty prompt, so
            // only the cells whose input is shown are waited for; the idle check below covers
            // the rest
            const shown = [...document.querySelectorAll(panel + '.jp-CodeCell')]
                .filter(c => !c.querySelector('.jp-InputPlaceholder'));
            const prompts = shown.map(c => c.querySelector('.jp-InputPrompt')).filter(p => p);
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
            if not _controls(widget):
                continue
            widget.scroll_into_view_if_needed()
            widget.locator(".jp-OutputArea-output").first.wait_for(timeout=60_000)
            before = _output_signature(widget)
            _nudge(widget)  # the default-to-new change every widget must show
            _wait_for_redraw(page, widget, before, 30_000)
            assert _output_signature(widget) != before, f"{stem}: widget {i} did not update"
            _assert_no_error(widget, f"{stem}: widget {i} after the first move")
            moved += 1
            if moved == 1:
                page.wait_for_timeout(1000)  # let the last redraw land before the picture
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"{stem}.png"))
            # then every control to its minimum, its maximum and a middle value
            for name, setting in _extremes(widget):
                before = _output_signature(widget)
                setting()
                _wait_for_redraw(page, widget, before, 4_000)
                _assert_no_error(widget, f"{stem}: widget {i}, {name}")
        assert moved >= 1, f"{stem}: no interact widget with a slider or dropdown found"
        widget_errors = [e for e in console_errors if "widget" in e.lower() or "model" in e.lower()]
        assert not widget_errors, f"{stem}: console errors: {widget_errors[:5]}"
    finally:
        page.close()
        lab.shutdown_kernels()
