"""Every notebook's widgets, in JupyterLab in a real (headless) browser, as a student meets them.

JupyterLab serves the student copies (tests/browser/conftest.py: every solution replaced by an
empty exercise cell, no data/ folder beside them), with its MathJax extension off: nothing here
looks at formulas, and the website's test checks every one typeset (the lab fixture says why).

For each notebook: open it, run all cells, fail on any error output (so every student copy runs
top to bottom), and compare every cell's outputs with the committed notebook's by nbval's rules
(tests/notebook_outputs.py). Then move
the slider of every interact widget (or pick another entry of its dropdown) and check that the
widget's output changed. Then every control of every widget (slider, dropdown, check box, toggle
and radio buttons) goes to its minimum, its maximum and a middle value, and any traceback or
stderr output in the widget fails the test: a student must never see one. Last, the notebook's
solutions run in the same kernel (they are its last code cells), and their outputs are compared
too. In notebooks 02 and 11 a student's wrong answer to one exercise is typed into its answer cell
and checked (the check must fail with its hint), then the right one (it must pass), before the
solutions run. This is `make test-browser`'s execution of each notebook (CI runs it after `make
test`, whose nbval executes every full notebook in a kernel of its own: two independent runs of
each, both compared with the committed outputs). The kernels run offline and strict, as nbval's
do.

No timeout stands in for "the update is done": a hook in the page counts the kernel's "idle"
status messages, and a control that changed value is waited for until the kernel has answered
it. The same hook times each update as a student feels it, from the key press, click or choice
to the frame in which the new output (its images decoded) is on the page; the times go to
build/browser-latency/ (benchmarks/bench_test_loop.py reports their medians per widget in
benchmarks/RESULTS.md). One screenshot per notebook is kept in build/screenshots/.
"""

from __future__ import annotations

import copy
import json
import re
import statistics
import sys
import time

import nbformat
import pytest

from tests.browser.conftest import SCREENSHOTS
from tests.conftest import NOTEBOOKS, REPO
from tests.notebook_outputs import output_difference, outputs_checked, sanitize_patterns

sys.path.insert(0, str(REPO / "tools"))
from student import PLACEHOLDER_TAG, is_check, is_solution, student_copy

STEMS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
RUN_TIMEOUT_MS = 240_000
UPDATE_TIMEOUT_MS = 60_000
LATENCY_DIR = REPO / "build" / "browser-latency"  # one file per notebook

_SLIDER = ".widget-slider"
_DROPDOWN = ".widget-dropdown select"
_CHECKBOX = ".widget-checkbox input[type=checkbox]"
_TOGGLES = ".widget-toggle-buttons"
_RADIO = ".widget-radio-box"
_ERROR_LINE = re.compile(r"^\w*(Error|Exception): ", re.MULTILINE)

# The text and images of a widget's output area, read in one step in the page (counting the
# images and then asking for the n-th one's src raced with a redraw that removed it).
_SIGNATURE_JS = """
    el => [...el.querySelectorAll('.jp-OutputArea-output img')]
        .map(img => img.getAttribute('src') || '')
        .concat([...el.querySelectorAll('.jp-OutputArea-output')].map(o => o.innerText))
        .join('\\n')
"""

# Installed once per page: counts the kernel's idle status messages (one per message the kernel
# has handled: a cell, or the comm message of a widget's control) and records when the next
# input event (key, pointer, choice) happens, for the latency.
_HOOK_JS = """
    () => {
        const panel = window.jupyterapp.shell.currentWidget;
        const kernel = panel.sessionContext.session.kernel;
        const state = {idle: 0, kernel: kernel, t0: null, t1: null, tIdle: null, armed: false};
        window.__evalkit = state;  // this notebook's; the page's next notebook gets its own
        kernel.iopubMessage.connect((_, msg) => {
            if (msg.header.msg_type === 'status') {
                if (msg.content.execution_state === 'idle') state.idle += 1;
            } else if (state.t1 === null) {
                state.tIdle = performance.now();  // the last message before the new frame
            }
        });
        if (window.__evalkitListening) return;  // the input listeners: once per page
        window.__evalkitListening = true;
        for (const type of ['keydown', 'pointerdown', 'change']) {
            document.addEventListener(type, () => {
                if (window.__evalkit.armed) {
                    window.__evalkit.t0 = performance.now();
                    window.__evalkit.armed = false;
                }
            }, true);
        }
    }
"""

# The values the controls show (slider readouts, chosen entries, checked boxes, pressed toggles).
_VALUES_JS = """
    el => [...el.querySelectorAll(
        '.widget-readout, select, input[type=checkbox], input[type=radio], .widget-toggle-button'
    )].map(x => x.tagName === 'SELECT' ? x.value
        : (x.type === 'checkbox' || x.type === 'radio') ? String(x.checked)
        : x.classList.contains('widget-toggle-button') ? String(x.classList.contains('mod-active'))
        : x.textContent).join('|')
"""

# Before an action: note the controls' values, the output and the kernel's idle count (all kept
# in the page: the output's images are long data: URLs), arm the input-time recorder, and watch
# for the first frame in which the widget's output differs from what it was, with every image
# decoded (painted). A MutationObserver wakes the check only when the output's nodes change
# (checking every frame made the browser itself the largest CPU cost of the test); the watch
# ends when it has seen the new output, when the next action starts watching, or after a minute.
_WATCH_JS = (
    """
    el => {
        const signature = """
    + _SIGNATURE_JS
    + """;
        const values = """
    + _VALUES_JS
    + """;
        const state = window.__evalkit;
        if (state.stopWatching) state.stopWatching();
        const before = signature(el);
        state.values = values(el);
        state.idleBefore = state.idle;
        state.valuesChanged = () => values(el) !== state.values;
        state.t0 = null;
        state.t1 = null;
        state.tIdle = null;
        state.armed = true;
        let pending = false;
        const check = () => {
            pending = false;
            if (state.t1 !== null || signature(el) === before) return;
            const images = [...el.querySelectorAll('.jp-OutputArea-output img')];
            if (images.every(img => img.complete)) {
                state.t1 = performance.now();
                stop();
            } else {
                schedule();  // new output, images still decoding: look again next frame
            }
        };
        const schedule = () => {
            if (!pending) {
                pending = true;
                requestAnimationFrame(check);
            }
        };
        const observer = new MutationObserver(schedule);
        observer.observe(el, {
            childList: true, subtree: true, characterData: true, attributes: true,
            attributeFilter: ['src']
        });
        const timer = setTimeout(() => stop(), 60000);
        const stop = () => {
            observer.disconnect();
            clearTimeout(timer);
        };
        state.stopWatching = stop;
    }
"""
)

_STOP_WATCHING_JS = "() => window.__evalkit.stopWatching && window.__evalkit.stopWatching()"

# How often the test looks for what it waits for, in ms. Not in every frame (Playwright's
# default): that keeps the browser drawing frames all the time it waits.
POLL_MS = 20


def _controls(widget) -> int:
    """How many controls (sliders, dropdowns, check boxes, toggle and radio groups) it has."""
    kinds = (_SLIDER, _DROPDOWN, _CHECKBOX, _TOGGLES, _RADIO)
    return sum(widget.locator(kind).count() for kind in kinds)


def _labels(widget) -> str:
    labels = widget.locator(".widget-label").all_inner_texts()
    return ", ".join(t.strip() for t in labels if t.strip())


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


_ACTIVE_KIND_JS = """
    () => {
        const e = document.activeElement;
        if (!e) return null;
        if (e.classList.contains('noUi-handle')) return 'slider';
        return e.tagName.toLowerCase() + (e.type ? ':' + e.type : '');
    }
"""
# The focused control's value: a slider handle's aria-valuenow, a select's chosen entry, an
# input's value or checked state.
_ACTIVE_VALUE_JS = """
    () => {
        const e = document.activeElement;
        if (!e) return null;
        if (e.classList.contains('noUi-handle')) return e.getAttribute('aria-valuenow');
        if (e.tagName === 'SELECT') return e.selectedIndex;
        return e.type === 'checkbox' ? e.checked : e.value;
    }
"""
_FOCUS_BEFORE_JS = """
    el => {
        const anchor = document.createElement('span');
        anchor.tabIndex = -1;
        anchor.className = 'evalkit-focus-anchor';
        el.prepend(anchor);
        anchor.focus();
    }
"""


def _by_keyboard(page, widget) -> None:
    """Operate the widget with the keyboard only (issue 60): from just before it, Tab to a
    control (its first slider, else its first dropdown, check box or button), then the arrow
    keys (the other way at the end of the range), Home or End, or Space. Fails if Tab reaches
    none."""
    widget.evaluate(_FOCUS_BEFORE_JS)
    stops = []  # the kind of each control Tab stops at, in order, while inside the widget
    kind = None
    for _ in range(30):
        page.keyboard.press("Tab")
        if not widget.evaluate("el => el.contains(document.activeElement)"):
            break
        kind = page.evaluate(_ACTIVE_KIND_JS)
        stops.append(kind)
        if kind == "slider":  # a slider: operate it where Tab stopped
            break
    if kind != "slider":  # no slider: Tab again from the start to the first other control
        wanted = ("select:select-one", "input:checkbox", "button")
        choices = [i for want in wanted for i, stop in enumerate(stops) if stop == want]
        assert choices, f"Tab reaches no control of the widget (it stops at {stops})"
        widget.evaluate(_FOCUS_BEFORE_JS)
        for _ in range(choices[0] + 1):
            page.keyboard.press("Tab")
        kind = page.evaluate(_ACTIVE_KIND_JS)
        assert kind == stops[choices[0]], (kind, stops)
    before = page.evaluate(_ACTIVE_VALUE_JS)
    if kind == "slider":  # two steps up, or down where the handle is at its maximum
        at_max = page.evaluate(
            "() => { const e = document.activeElement; const v = e.getAttribute('aria-valuenow');"
            " const m = e.getAttribute('aria-valuemax'); return v !== null && m !== null"
            " && parseFloat(v) >= parseFloat(m); }"
        )
        key = "ArrowLeft" if at_max else "ArrowRight"
        page.keyboard.press(key)
        page.keyboard.press(key)
        return
    if kind.startswith("select"):  # to the first entry, or to the last where it is at the first
        page.keyboard.press("End" if before == 0 else "Home")
    else:  # a check box or a button
        page.keyboard.press("Space")


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


def _wait_until_idle_after_action(page) -> None:
    """Wait until the kernel has gone idle since the action was armed and is idle now."""
    page.wait_for_function(
        "() => window.__evalkit.idle > window.__evalkit.idleBefore"
        " && window.__evalkit.kernel.status === 'idle'",
        timeout=UPDATE_TIMEOUT_MS,
        polling=POLL_MS,
    )
    # a control that another observes may send a second update: let it start, then wait again
    page.wait_for_timeout(100)
    page.wait_for_function(
        "() => window.__evalkit.kernel.status === 'idle'",
        timeout=UPDATE_TIMEOUT_MS,
        polling=POLL_MS,
    )


def _act(page, widget, action, where: str) -> tuple[bool, tuple[float, float] | None]:
    """Do ``action``; if a control changed, wait for the kernel's answer.

    Returns whether the output changed and, if it did, two times in ms from the input event: to
    the frame with the new output (the latency), and to the kernel's last message before that
    frame (its answer: the rest of the latency is the page drawing it).
    """
    widget.evaluate(_WATCH_JS)
    action()
    page.wait_for_timeout(50)  # the control's own view updates first (no kernel involved)
    if not page.evaluate("() => window.__evalkit.valuesChanged()"):
        page.evaluate(_STOP_WATCHING_JS)
        return False, None  # already at that value: nothing was sent to the kernel
    try:
        _wait_until_idle_after_action(page)
    except Exception as exc:  # a Playwright timeout: say what was waited for
        raise AssertionError(f"{where}: the kernel did not answer the move of a control") from exc
    try:  # the new output reaches the page with the kernel's messages; its frame follows
        page.wait_for_function("() => window.__evalkit.t1 !== null", timeout=2_000, polling=POLL_MS)
    except Exception:
        page.evaluate(_STOP_WATCHING_JS)
        return False, None  # same output as before (e.g. the same message at both ends)
    t0, t1, t_idle = page.evaluate(
        "() => [window.__evalkit.t0, window.__evalkit.t1, window.__evalkit.tIdle]"
    )
    if t0 is None or t_idle is None:
        return True, None
    return True, (t1 - t0, t_idle - t0)


# The texts of the widget's outputs, and of those on stderr, in one step.
_OUTPUT_TEXTS_JS = """
    el => {
        const outputs = [...el.querySelectorAll('.jp-OutputArea-output')];
        return [
            outputs.map(o => o.innerText),
            outputs.filter(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr')
                .map(o => o.innerText),
        ];
    }
"""


def _assert_no_error(widget, where: str) -> None:
    """No traceback and nothing on stderr in the widget's output: a student sees none."""
    texts, stderr = widget.evaluate(_OUTPUT_TEXTS_JS)
    errors = [t for t in texts if "Traceback" in t or _ERROR_LINE.search(t)]
    assert not errors, f"{where}: the widget shows an error:\n{errors[0][:1500]}"
    if stderr:
        raise AssertionError(f"{where}: the widget prints to stderr:\n{stderr[0]}")


# Opens a notebook in the JupyterLab page that is already loaded (one page for every notebook:
# loading the whole application again for each costs seconds), with a Python kernel and no
# kernel-selection dialog, and makes it the current tab; resolves when its kernel is ready.
_OPEN_JS = """
    async path => {
        const app = window.jupyterapp;
        const panel = await app.commands.execute(
            'docmanager:open', {path, factory: 'Notebook', kernel: {name: 'python3'}}
        );
        app.shell.activateById(panel.id);
        await panel.context.ready;
        await panel.sessionContext.ready;
        return panel.id;
    }
"""

# Shuts the notebook's kernel down and closes its tab without asking (the student copy on the
# server stays as it was: nothing is saved).
_CLOSE_JS = """
    async id => {
        const panel = [...window.jupyterapp.shell.widgets('main')].find(w => w.id === id);
        if (!panel) return;
        await panel.sessionContext.shutdown();
        panel.dispose();
    }
"""


@pytest.fixture(scope="module")
def lab_page(lab, browser):
    """One JupyterLab page for all the notebooks, with its console errors (reset per notebook)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{lab.base}/lab?reset&token={lab.token}")
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.commands"
        " .hasCommand('docmanager:open')",
        timeout=90_000,
    )
    page.evaluate("() => window.jupyterapp.restored")
    # the lab fixture turned JupyterLab's MathJax off (its comment says why): no typesetter runs
    typesetters = page.evaluate(
        "() => window.jupyterapp.listPlugins()"
        ".filter(id => /mathjax/i.test(id) && window.jupyterapp.isPluginActivated(id))"
    )
    assert not typesetters, f"MathJax is on in the tests' JupyterLab: {typesetters}"
    try:
        yield page, errors
    finally:
        page.close()


# Whether the open notebook's model differs from its file (JupyterLab's "unsaved changes"): null
# if not, else what differs from the file as JupyterLab first read it (metadata, format).
_DIRTY_JS = """
    () => {
        const model = window.jupyterapp.shell.currentWidget.context.model;
        if (!model.dirty) return null;
        const now = model.toJSON();
        return JSON.stringify({metadata: now.metadata, nbformat_minor: now.nbformat_minor});
    }
"""


def _open_notebook(page, name: str, lab) -> str:
    """Open ``name`` in the page, wait until its cells show and its kernel is idle; its id.

    If the kernel does not get there, the failure shows the end of JupyterLab's log (where a
    kernel that could not start says why): pytest removes its temporary folder later.
    """
    panel_id = page.evaluate(_OPEN_JS, name)
    page.wait_for_selector(f"#{panel_id} .jp-Cell", timeout=90_000)
    try:
        page.wait_for_function(
            """id => {
                const panel = window.jupyterapp.shell.currentWidget;
                const kernel = panel && panel.id === id && panel.sessionContext.session
                    && panel.sessionContext.session.kernel;
                return kernel && kernel.status === 'idle';
            }""",
            arg=panel_id,
            timeout=90_000,
        )
    except Exception as exc:  # a Playwright timeout
        log = (lab.root / "lab.log").read_text(errors="replace")[-4000:]
        raise AssertionError(
            f"{name}: its kernel was not idle after 90 s; the end of JupyterLab's log:\n{log}"
        ) from exc
    page.evaluate(_HOOK_JS)
    return panel_id


# The error outputs of the notebook, read from JupyterLab's notebook model (output_type
# "error"), not from the page's text: a cell may print an error message on purpose. The model
# holds every cell's outputs whether or not the cell is on screen (JupyterLab attaches only the
# cells in view: see the lab fixture).
_ERRORS_JS = """
    () => {
        const model = window.jupyterapp.shell.currentWidget.content.model;
        const errors = [];
        for (let i = 0; i < model.cells.length; i++) {
            const cell = model.cells.get(i);
            if (cell.type !== 'code') continue;
            for (let j = 0; j < cell.outputs.length; j++) {
                const output = cell.outputs.get(j);
                if (output.type === 'error') {
                    const {ename, evalue} = output.toJSON();
                    errors.push(`cell ${i + 1}: ${ename}: ${evalue}`);
                }
            }
        }
        return errors;
    }
"""

# Run All has finished when the kernel has answered since the click (``idleBefore``: the
# count of its idle messages then) and every code cell with code in it has an execution count
# again (Run All clears them all at once when it queues the cells; a student copy keeps the
# counts of the original until then), or when an error stopped it (the kernel then skips the
# cells after it, which keep no count).
_RUN_ALL_DONE_JS = (
    """
    idleBefore => {
        const model = window.jupyterapp.shell.currentWidget.content.model;
        if (window.__evalkit.idle <= idleBefore) return false;
        if (("""
    + _ERRORS_JS
    + """)().length > 0) return true;
        for (let i = 0; i < model.cells.length; i++) {
            const cell = model.cells.get(i);
            if (cell.type === 'code' && cell.sharedModel.getSource().trim() !== ''
                && cell.executionCount === null) return false;
        }
        return true;
    }
"""
)

# The indices of the code cells whose outputs hold a widget.
_WIDGET_CELLS_JS = """
    () => {
        const model = window.jupyterapp.shell.currentWidget.content.model;
        const found = [];
        for (let i = 0; i < model.cells.length; i++) {
            const cell = model.cells.get(i);
            if (cell.type !== 'code') continue;
            for (let j = 0; j < cell.outputs.length; j++) {
                if ('application/vnd.jupyter.widget-view+json' in cell.outputs.get(j).data) {
                    found.push(i);
                    break;
                }
            }
        }
        return found;
    }
"""

# Scrolls the notebook to cell ``i`` (JupyterLab then attaches it to the page) and marks its
# node, so that the test can find the widgets in it.
_SHOW_CELL_JS = """
    async i => {
        const notebook = window.jupyterapp.shell.currentWidget.content;
        await notebook.scrollToItem(i, 'start');
        notebook.widgets[i].node.setAttribute('data-evalkit-cell', String(i));
    }
"""


# Every code cell's id, tags and outputs, from the notebook's model, as nbformat stores them;
# without images (not compared, as nbval compares: see tests/notebook_outputs.py), which would
# be most of what the page hands over.
_WITHOUT_IMAGES_JS = """
    const withoutImages = data => {
        const kept = Object.assign({}, data);
        delete kept['image/png'];
        delete kept['image/jpeg'];
        return kept;
    };
"""
_CELL_OUTPUTS_JS = (
    """
    () => {"""
    + _WITHOUT_IMAGES_JS
    + """
        const model = window.jupyterapp.shell.currentWidget.content.model;
        const cells = [];
        for (let i = 0; i < model.cells.length; i++) {
            const cell = model.cells.get(i);
            if (cell.type !== 'code') continue;
            const outputs = [];
            for (let j = 0; j < cell.outputs.length; j++) {
                const output = cell.outputs.get(j).toJSON();
                if (output.data) output.data = withoutImages(output.data);
                delete output.metadata;
                outputs.push(output);
            }
            cells.push({id: cell.id, tags: cell.getMetadata('tags') || [], outputs: outputs});
        }
        return cells;
    }
"""
)

# Executes code in the notebook's kernel (not in a cell: the student copy stays as it is) and
# resolves with the reply's status and the outputs, collected from the kernel's messages as
# nbval collects them (display data, results, streams, errors; images left out as above).
_EXECUTE_JS = (
    """
    async code => {"""
    + _WITHOUT_IMAGES_JS
    + """
        const kernel = window.__evalkit.kernel;
        const outputs = [];
        const future = kernel.requestExecute(
            {code: code, store_history: true, stop_on_error: true, allow_stdin: false}
        );
        future.onIOPub = msg => {
            const type = msg.header.msg_type;
            const content = msg.content;
            if (type === 'stream') {
                outputs.push({output_type: type, name: content.name, text: content.text});
            } else if (type === 'display_data' || type === 'execute_result') {
                outputs.push({output_type: type, data: withoutImages(content.data)});
            } else if (type === 'error') {
                outputs.push({output_type: type, ename: content.ename, evalue: content.evalue});
            }
        };
        const reply = await future.done;
        return {status: reply.content.status, outputs: outputs};
    }
"""
)


# A student answering an exercise in the student copy (issue 46): a wrong answer first, then the
# right one, each typed into the exercise's answer cell and run with Shift+Enter, which moves on
# to the check cell; a second Shift+Enter runs the check. Per notebook: the check, the wrong
# answer, the right answer.
TYPED_ANSWERS = {
    "02_confidence_intervals": (
        "q02_1",
        "error_interval = (0.0, 0.01)\nupper_bound = 3 / 300",
        "error_interval = clopper_pearson(0, 300)\n"
        "upper_bound = clopper_pearson(0, 300, confidence=0.90).high",
    ),
    "11_planning_a_test_set": (
        "q11_2",
        "k_paired = trials_paired(0.10, 0.0).trials",
        "k_paired = trials_paired(0.12, 0.02).trials",
    ),
}

# The index of the check cell that runs ``name``, and its execution count (null before a run).
_CHECK_CELL_JS = """
    name => {
        const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
        for (let i = 0; i < cells.length; i++) {
            const cell = cells.get(i);
            if (cell.type === 'code' && cell.sharedModel.getSource().includes(`check("${name}")`)) {
                return [i, cell.executionCount, cells.get(i - 1).getMetadata('tags') || []];
            }
        }
        return null;
    }
"""

# The text/plain of a cell's outputs once the cell has run again (its execution count moved on).
_CHECK_TEXT_JS = """
    ([i, before]) => {
        const cell = window.jupyterapp.shell.currentWidget.content.model.cells.get(i);
        if (cell.executionCount === null || cell.executionCount === before) return null;
        if (window.__evalkit.kernel.status !== 'idle') return null;
        const texts = [];
        for (let j = 0; j < cell.outputs.length; j++) {
            const output = cell.outputs.get(j).toJSON();
            texts.push(output.text || (output.data && output.data['text/plain']) || '');
        }
        return texts.join('\\n');
    }
"""


def _answer_and_check(page, panel_id: str, name: str, answer: str) -> str:
    """Type ``answer`` into the answer cell of check ``name``, run it and the check; its text."""
    found = page.evaluate(_CHECK_CELL_JS, name)
    assert found, f"no check cell runs {name}"
    index, before, tags = found
    assert PLACEHOLDER_TAG in tags, f"the cell before the check of {name} is not an answer cell"
    page.evaluate(_SHOW_CELL_JS, index - 1)
    editor = page.locator(f"#{panel_id} [data-evalkit-cell='{index - 1}'] .cm-content")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(answer)  # as typed, without the editor's bracket completion
    page.keyboard.press("Shift+Enter")  # runs the answer and selects the check cell
    page.keyboard.press("Shift+Enter")  # runs the check
    handle = page.wait_for_function(
        _CHECK_TEXT_JS, arg=[index, before], timeout=RUN_TIMEOUT_MS, polling=POLL_MS
    )
    return handle.json_value()


def _assert_a_student_can_check_an_answer(page, panel_id: str, stem: str) -> None:
    name, wrong, right = TYPED_ANSWERS[stem]
    text = _answer_and_check(page, panel_id, name, wrong)
    assert not passed(name, text) and "\nHint: Reread" in text, (
        f"{stem}: a wrong answer to {name} did not fail with a hint: {text[:400]!r}"
    )
    assert text.count("Hint: ") == 1, f"{stem}: the hint is not shown once: {text!r}"
    variable = wrong.split(" =", 1)[0]
    assert f"{variable} = " in text, f"{stem}: the message does not show {variable}: {text!r}"
    text = _answer_and_check(page, panel_id, name, right)
    assert passed(name, text), f"{stem}: the right answer to {name} did not pass: {text[:400]!r}"


def passed(name: str, text: str) -> bool:
    """Whether a check's output says that every check of ``name`` passed (evalkit.exercises)."""
    return re.fullmatch(rf"{name}: (the check|all \d+ checks) passed\.", text.strip()) is not None


def _committed(stem: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)


def _assert_outputs_as_committed(stem: str, computed: list[dict], committed) -> None:
    """Every code cell of the student copy gave the committed outputs (nbval's rules)."""
    patterns = sanitize_patterns()
    code = [cell for cell in committed.cells if cell.cell_type == "code"]
    expected = [cell.get("id") for cell in code if not is_solution(cell)]
    by_id = {cell.get("id"): cell for cell in code}
    seen, differences = [], []
    for number, cell in enumerate(computed, start=1):
        if PLACEHOLDER_TAG in cell["tags"]:
            assert not cell["outputs"], f"{stem}: exercise cell {number} has output"
            continue
        reference = by_id.get(cell["id"])
        assert reference is not None, f"{stem}: code cell {number} is not in the notebook"
        seen.append(cell["id"])
        if is_check(reference):
            # before the answers are written, an exercise's check fails with its hint; the
            # committed output (passed, after the solution) is compared once the solutions ran
            text = _output_text(cell["outputs"])
            name = reference.source.strip().rsplit('"', 2)[-2]
            assert re.match(rf"{name}: 0 of \d+ checks? passed", text), (
                f"{stem}: check cell {number} ({reference.source.strip()[-30:]!r}) passed a check "
                f"on the empty answer (Run All of an untouched copy): {text[:300]!r}"
            )
            assert "\nHint: Reread" in text, f"{stem}: check cell {number} gave no hint"
            continue
        if outputs_checked(reference):
            difference = output_difference(cell["outputs"], reference.outputs, patterns)
            if difference:
                differences.append(f"code cell {number} ({reference.source[:60]!r}…): {difference}")
    assert seen == expected, f"{stem}: the student copy's code cells are not the notebook's"
    assert not differences, (
        f"{stem}: {len(differences)} cell(s) gave other outputs than the committed ones "
        "(after Run All of the student copy):\n" + "\n\n".join(differences[:5])
    )


def _assert_solutions_give_committed_outputs(page, stem: str, committed) -> int:
    """Run the notebook's solution and check cells in its kernel, in order; compare outputs.

    The solutions, each exercise's followed by its check (``grader().check("q02_1")``), are the
    notebook's last code cells (tests/test_student.py), so after the student copy's cells the
    kernel is where a run of the whole notebook is when it reaches them: every check must pass
    on the notebook's own solution, as committed. Returns how many solutions were run.
    """
    patterns = sanitize_patterns()
    cells = [
        c for c in committed.cells if c.cell_type == "code" and (is_solution(c) or is_check(c))
    ]
    for k, cell in enumerate(cells, start=1):
        kind = "check" if is_check(cell) else "solution"
        where = f"{stem}: {kind} cell {k} ({cell.source[:60]!r}…)"
        result = page.evaluate(_EXECUTE_JS, cell.source)
        errors = [o for o in result["outputs"] if o["output_type"] == "error"]
        assert result["status"] == "ok" and not errors, f"{where} failed: {errors}"
        if outputs_checked(cell):
            difference = output_difference(result["outputs"], cell.outputs, patterns)
            assert difference is None, f"{where}: not the committed outputs: {difference}"
    return sum(1 for c in cells if is_solution(c))


def _output_text(outputs: list[dict]) -> str:
    """The text of a cell's outputs (streams and text/plain)."""
    parts = []
    for output in outputs:
        if output.get("output_type") == "stream":
            parts.append(output.get("text", ""))
        else:
            parts.append(output.get("data", {}).get("text/plain", ""))
    return "\n".join("".join(p) if isinstance(p, list) else p for p in parts)


def _written_beside_the_notebooks(lab) -> list[str]:
    """What is in the notebooks' folder besides notebooks (and JupyterLab's checkpoints)."""
    folder = lab.root / "notebooks"
    return sorted(
        p.name
        for p in folder.iterdir()
        if p.suffix != ".ipynb" and p.name not in {".ipynb_checkpoints", "checks"}
    )


def _run_all(page) -> None:
    idle_before = page.evaluate("() => window.__evalkit.idle")
    page.locator("#jp-MainMenu .lm-MenuBar-itemLabel:text-is('Run')").click()
    page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
    page.wait_for_function(
        _RUN_ALL_DONE_JS,
        arg=idle_before,
        timeout=RUN_TIMEOUT_MS,
        polling=250,  # not every frame: a check reads every cell of the model
    )
    page.wait_for_function(
        "() => window.__evalkit.kernel.status === 'idle'", timeout=RUN_TIMEOUT_MS, polling=250
    )


def _record_latencies(stem: str, widgets: list[dict], phases: dict[str, float]) -> None:
    """Write this notebook's latencies and phase times to build/browser-latency/<stem>.json."""
    LATENCY_DIR.mkdir(parents=True, exist_ok=True)
    record = {"widgets": widgets, "phases_s": phases}
    (LATENCY_DIR / f"{stem}.json").write_text(json.dumps(record, indent=1, sort_keys=True))


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("stem", STEMS)
def test_student_copy_runs_and_every_widget_control_works(stem, lab, lab_page):
    page, console_errors = lab_page
    console_errors.clear()
    phases, clock = {}, time.perf_counter()

    def phase(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        phases[name] = round(now - clock, 2)
        clock = now

    panel_id = None
    try:
        panel_id = _open_notebook(page, f"{stem}.ipynb", lab)
        phase("open_s")
        # opened, its kernel started: nothing changed yet, so no "unsaved changes" (issue 56)
        dirty = page.evaluate(_DIRTY_JS)
        assert dirty is None, f"{stem}: unsaved changes just after opening: {dirty}"
        _run_all(page)
        phase("run_all_s")

        errors = page.evaluate(_ERRORS_JS)
        assert not errors, f"{stem} (student copy): error output after Run All: {errors}"
        committed = _committed(stem)
        _assert_outputs_as_committed(stem, page.evaluate(_CELL_OUTPUTS_JS), committed)
        phase("outputs_s")

        cells = page.evaluate(_WIDGET_CELLS_JS)
        assert cells, f"{stem}: no cell shows a widget after Run All"
        moved, timings = 0, []
        for cell in cells:
            page.evaluate(_SHOW_CELL_JS, cell)
            widgets = page.locator(f"#{panel_id} [data-evalkit-cell='{cell}'] .widget-interact")
            widgets.first.wait_for(timeout=60_000)
            for i in range(widgets.count()):
                widget = widgets.nth(i)
                if not _controls(widget):
                    continue
                widget.scroll_into_view_if_needed()
                widget.locator(".jp-OutputArea-output").first.wait_for(timeout=60_000)
                where = f"{stem}: cell {cell + 1}, widget {i} ({_labels(widget)})"
                latencies = []
                # the notebook's first widget by the keyboard only, the others by _nudge
                move = (
                    (lambda w=widget: _by_keyboard(page, w))
                    if moved == 0
                    else (lambda w=widget: _nudge(w))
                )
                changed, latency = _act(page, widget, move, where)
                assert changed, f"{where}: the output did not change when a control was moved"
                _assert_no_error(widget, f"{where} after the first move")
                latencies.append(latency)
                moved += 1
                if moved == 1:
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SCREENSHOTS / f"{stem}.png"))
                # then every control to its minimum, its maximum and a middle value
                for name, setting in _extremes(widget):
                    changed, latency = _act(page, widget, setting, f"{where}, {name}")
                    _assert_no_error(widget, f"{where}, {name}")
                    if changed:
                        latencies.append(latency)
                latencies = [t for t in latencies if t is not None]
                timings.append({
                    "widget": len(timings),
                    "cell": cell + 1,
                    "controls": _labels(widget),
                    "latencies_ms": [round(t[0], 1) for t in latencies],
                    "kernel_answer_ms": [round(t[1], 1) for t in latencies],
                    "median_ms": statistics.median(t[0] for t in latencies) if latencies else None,
                })  # fmt: skip
        assert moved >= 1, f"{stem}: no interact widget with a slider or dropdown found"
        widget_errors = [e for e in console_errors if "widget" in e.lower() or "model" in e.lower()]
        assert not widget_errors, f"{stem}: console errors: {widget_errors[:5]}"
        phase("widgets_s")
        if stem in TYPED_ANSWERS:
            _assert_a_student_can_check_an_answer(page, panel_id, stem)
            phase("typed_answer_s")
        _assert_solutions_give_committed_outputs(page, stem, committed)
        phase("solutions_s")
        written = _written_beside_the_notebooks(lab)
        assert not written, (
            f"{stem}: the run wrote {written} beside the notebook; a notebook writes only into"
            " a temporary directory (tempfile.mkdtemp())"
        )
        _record_latencies(stem, timings, phases)
    finally:
        if panel_id is not None:
            page.evaluate(_CLOSE_JS, panel_id)
        lab.shutdown_kernels()


@pytest.mark.browser
def test_run_all_reports_an_error_output_and_not_a_printed_message(lab, lab_page):
    # the check above must see a real error and must not mistake a printed message for one
    import nbformat

    page, _ = lab_page
    cells = [
        nbformat.v4.new_code_cell('print("ValueError: printed on purpose")'),
        nbformat.v4.new_code_cell("1 / 0"),
    ]
    name = "zz_error_probe.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=cells), lab.root / "notebooks" / name)
    panel_id = None
    try:
        panel_id = _open_notebook(page, name, lab)
        _run_all(page)
        assert page.evaluate(_ERRORS_JS) == ["cell 2: ZeroDivisionError: division by zero"]
    finally:
        if panel_id is not None:
            page.evaluate(_CLOSE_JS, panel_id)
        lab.shutdown_kernels()
        (lab.root / "notebooks" / name).unlink()


@pytest.mark.browser
def test_outputs_other_than_the_committed_ones_fail(lab, lab_page):
    # the output checks above must see a changed number, in a cell and in a solution, and must
    # pass when the committed outputs are what the cells print
    page, _ = lab_page

    cell = nbformat.v4.new_code_cell("print(6 * 7)", execution_count=1)
    solution = nbformat.v4.new_code_cell("print(6 * 8)", execution_count=2)
    solution.metadata["tags"] = ["solution"]
    right = nbformat.v4.new_notebook(cells=[cell, solution])
    wrong = copy.deepcopy(right)  # the same cells (ids), other committed outputs
    for nb, outputs in ((right, ("42\n", "48\n")), (wrong, ("43\n", "49\n"))):
        for c, text in zip(nb.cells, outputs, strict=True):
            c.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    name = "zz_output_probe.ipynb"
    nbformat.write(student_copy(right), lab.root / "notebooks" / name)
    panel_id = None
    try:
        panel_id = _open_notebook(page, name, lab)
        _run_all(page)
        computed = page.evaluate(_CELL_OUTPUTS_JS)
        _assert_outputs_as_committed(name, computed, right)
        with pytest.raises(AssertionError, match=r"(?s)'43\\n'.*'42\\n'"):
            _assert_outputs_as_committed(name, computed, wrong)
        assert _assert_solutions_give_committed_outputs(page, name, right) == 1
        with pytest.raises(AssertionError, match=r"(?s)solution cell 1.*'49\\n'.*'48\\n'"):
            _assert_solutions_give_committed_outputs(page, name, wrong)
        # a file written into the working folder is seen
        assert _written_beside_the_notebooks(lab) == []
        page.evaluate(_EXECUTE_JS, "open('zz_probe.txt', 'w').close()")
        assert _written_beside_the_notebooks(lab) == ["zz_probe.txt"]
        (lab.root / "notebooks" / "zz_probe.txt").unlink()
        # the kernels run offline and strict, as nbval's (tests/offline: the profile's guard)
        # (the printed line may come in more than one stream message: "True", then "\n")
        guard = page.evaluate(
            _EXECUTE_JS, "import sys; print('evalkit_offline_guard' in sys.modules)"
        )
        assert guard["status"] == "ok"
        assert {o["output_type"] for o in guard["outputs"]} == {"stream"}
        assert "".join(o["text"] for o in guard["outputs"] if o["name"] == "stdout") == "True\n"
    finally:
        if panel_id is not None:
            page.evaluate(_CLOSE_JS, panel_id)
        lab.shutdown_kernels()
        (lab.root / "notebooks" / name).unlink()
