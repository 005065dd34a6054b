"""Execute one handed-in notebook and write out its answer variables as plain data (make grade).

    python grade_execute.py NOTEBOOK RESULT.json --names a,b,c [--timeout S] [--grace S]

``tools/grade.py`` runs this inside the grading sandbox (tools/sandbox.py), once per submitted
notebook. Everything here shares the sandbox with the student's code, so nothing here is trusted:
what it writes is only the student's claim of what their variables hold, which the grader
checks, outside, with the teacher's checks.

* Every code cell runs in order in a fresh python3 kernel, with ``EVALKIT_GRADING=1`` (check
  cells check nothing; the kernel's ``check`` says so).
* A cell gets ``--timeout`` seconds, then is interrupted (KeyboardInterrupt). A cell that is still
  running ``--grace`` seconds after the interrupt (it swallows the interrupt) gets its kernel
  killed; the notebook then runs again from the top in a new kernel, without that cell (at most
  :data:`MAX_RESTARTS` times), so that the answers of the other cells still count. A kernel that
  dies in a cell is treated the same way.
* Then the variables named by ``--names`` are converted to JSON: numbers, strings, booleans and
  None as they are, NumPy scalars and arrays and tuples as numbers and lists, an evalkit
  Interval as its two limits, a planning result as its number of items; anything else as its type
  name and a short repr.

The result file is ``{"answers": {...}, "notes": [...]}``; a note names a cell by its number as
JupyterLab counts cells, from 1 at the top, Markdown cells included.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from queue import Empty

MAX_RESTARTS = 3
STARTUP_TIMEOUT = 120
#: The code run in the kernel after the notebook: the named variables as JSON.
EXTRACT = r"""
def __evalkit_answers(names):
    import json, math, numbers
    def plain(value, depth=0):
        if value is None or isinstance(value, (bool, str)):
            return value[:10_000] if isinstance(value, str) else value
        if depth > 4:
            return {"__object__": type(value).__name__, "repr": "(nested too deep)"}
        module = type(value).__module__ or ""
        if module.startswith("numpy"):
            import numpy
            if isinstance(value, numpy.generic):
                return plain(value.item(), depth + 1)
            if isinstance(value, numpy.ndarray) and value.size <= 100_000:
                return plain(value.tolist(), depth + 1)
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, numbers.Real):
            return float(value)
        if module.startswith("evalkit") and hasattr(value, "low") and hasattr(value, "high"):
            return [plain(value.low, depth + 1), plain(value.high, depth + 1)]
        if module.startswith("evalkit") and isinstance(getattr(value, "trials", None), int):
            return int(value.trials)
        if isinstance(value, (list, tuple)) and len(value) <= 100_000:
            return [plain(item, depth + 1) for item in value]
        return {"__object__": type(value).__name__, "repr": repr(value)[:200]}
    found = {}
    for name in names:
        if name in globals():
            try:
                found[name] = plain(globals()[name])
            except Exception as error:
                found[name] = {"__object__": type(globals()[name]).__name__,
                               "repr": f"(could not be read: {type(error).__name__})"}
    return json.dumps(found)
"""


def _kernel(timeout: float):
    from jupyter_client import KernelManager

    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(stdout=open(os.devnull, "wb"), stderr=open(os.devnull, "wb"))
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=timeout)
    return manager, client


def _drain(client) -> None:
    while True:
        try:
            client.get_iopub_msg(timeout=0)
        except Empty:
            return


def run_cell(manager, client, source: str, timeout: float, grace: float, **content):
    """Run ``source``; return ``(status, reply_content)``.

    status: "ok", "error" (the cell raised), "interrupted" (over the limit, stopped by the
    interrupt), "killed" (the interrupt was ignored, or the kernel died: the kernel is gone).
    """
    msg_id = client.execute(source, store_history=True, allow_stdin=False, stop_on_error=False,
                            **content)  # fmt: skip
    deadline, interrupted = time.monotonic() + timeout, False
    while True:
        _drain(client)
        try:
            reply = client.get_shell_msg(timeout=0.05)
        except Empty:
            reply = None
        if reply is not None and reply.get("parent_header", {}).get("msg_id") == msg_id:
            _drain(client)
            if interrupted:
                return "interrupted", reply["content"]
            status = reply["content"].get("status")
            return ("ok" if status == "ok" else "error"), reply["content"]
        if not manager.is_alive():
            return "killed", {"ename": "the kernel died"}
        if time.monotonic() > deadline:
            if interrupted:
                manager.shutdown_kernel(now=True)
                return "killed", {"ename": "the interrupt was ignored"}
            manager.interrupt_kernel()
            interrupted, deadline = True, time.monotonic() + grace


def execute(path: str, names: list[str], timeout: float, grace: float) -> dict:
    import nbformat

    notes: list[str] = []

    def note(text: str) -> None:
        if text not in notes:
            notes.append(text)

    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as error:
        return {"answers": {}, "notes": [f"unreadable notebook ({type(error).__name__})"]}
    cells = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    skipped: set[int] = set()
    for attempt in range(MAX_RESTARTS + 1):
        manager, client = _kernel(STARTUP_TIMEOUT)
        killed = None
        for index, source in cells:
            if index in skipped or not source.strip():
                continue
            status, content = run_cell(manager, client, source, timeout, grace)
            where = f"cell {index + 1}"
            if status == "error":
                evalue = str(content.get("evalue", ""))[:200]
                note(f"{where} raised {content.get('ename')}: {evalue}")
            elif status == "interrupted":
                note(f"{where} ran over {timeout:g} s and was interrupted")
            elif status == "killed":
                why = content.get("ename")
                note(f"{where} ran over {timeout:g} s and {why}: its kernel was killed"
                     if why == "the interrupt was ignored" else f"{where}: {why}")  # fmt: skip
                killed = index
                break
        if killed is None:
            break
        skipped.add(killed)
        if attempt == MAX_RESTARTS:
            return {"answers": {}, "notes": [*notes, "too many kernels killed: no answers read"]}
        note("the notebook was run again from the top without the cells named above")
    wanted = {"answers": f"__evalkit_answers({names!r})"}
    status, content = run_cell(manager, client, EXTRACT, timeout, grace, user_expressions=wanted)
    answers: dict = {}
    if status == "ok":
        expression = content.get("user_expressions", {}).get("answers", {})
        text = expression.get("data", {}).get("text/plain", "")
        try:
            import ast

            answers = json.loads(ast.literal_eval(text))
        except Exception:
            note("the answers could not be read")
    else:
        note("the answers could not be read")
    manager.shutdown_kernel(now=True)
    return {"answers": answers, "notes": notes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook")
    parser.add_argument("result")
    parser.add_argument("--names", default="")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--grace", type=float, default=10)
    args = parser.parse_args(argv)
    names = [n for n in args.names.split(",") if n]
    result = execute(args.notebook, names, args.timeout, args.grace)
    with open(args.result, "w", encoding="utf-8") as handle:
        json.dump(result, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
