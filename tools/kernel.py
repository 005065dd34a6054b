"""Execute a notebook in a fresh kernel, working around nbclient's lost-wake-up stall.

Shared by ``tools/run_notebooks.py`` (make notebooks), the student-copy test and
``benchmarks/bench_notebooks.py``.
"""

from __future__ import annotations

import time
from pathlib import Path
from queue import Empty
from typing import Any

import nbformat
from nbclient import NotebookClient


def poll_in_slices(channel: Any, slice_seconds: float = 0.05) -> None:
    """Make ``channel.get_msg`` wait in short slices instead of one long poll.

    Works around nbclient issue #312 (open): with ipywidgets in a cell, ``execute_cell``
    sometimes waits the full cell timeout for a reply that has already arrived (the asyncio
    poll of the zmq socket is not woken up). A fresh poll sees the message at once, so polling
    in slices of 50 ms bounds that delay to one slice. Without this, one cell of a notebook now
    and then "took" exactly the cell timeout.
    """
    original = channel.get_msg

    async def get_msg(timeout: float | None = None) -> Any:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            step = slice_seconds
            if deadline is not None:
                step = max(0.0, min(slice_seconds, deadline - time.monotonic()))
            try:
                return await original(timeout=step)
            except Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    raise

    channel.get_msg = get_msg


def execute_notebook(nb: nbformat.NotebookNode, folder: Path, timeout: int = 300) -> None:
    """Run every cell of ``nb`` in a fresh python3 kernel started in ``folder`` (in place).

    Like ``NotebookClient(nb, ...).execute()``, with the kernel's channels polled in slices
    (:func:`poll_in_slices`) and the kernel stopped at once when the last cell has run (a
    graceful shutdown sometimes waited out its limit on a loaded machine).
    """
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(folder)}},
        shutdown_kernel="immediate",
    )
    with client.setup_kernel():
        poll_in_slices(client.kc.shell_channel)
        poll_in_slices(client.kc.iopub_channel)
        info = client.wait_for_reply(client.kc.kernel_info())
        nb.metadata["language_info"] = info["content"]["language_info"]
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
