"""Execute a notebook headless in a fresh kernel: never a silent hang, never a lost wake-up.

Every path of the project that runs notebooks outside JupyterLab goes through here:
``tools/run_notebooks.py`` (make notebooks), the student-copy test (tests/test_student.py),
``tools/stress_headless.py`` (make stress-headless) and ``benchmarks/bench_notebooks.py``.
nbval (make test-notebooks) has its own kernel client; the Makefile gives it the same per-cell
limit, :data:`CELL_TIMEOUT`.

Two guards:

* the kernel's channels are polled in slices (:func:`poll_in_slices`), which works around the
  lost wake-up of nbclient issue #312 (see README.md, "Troubleshooting: headless execution");
* every cell has a time limit (:data:`CELL_TIMEOUT`), and every wait for the end of a cell's
  output as well (:data:`IOPUB_TIMEOUT`); going over either raises :class:`CellTimeout`, which
  names the notebook, the cell's index and its first line. There is no retry.

The kernel talks to the client over Unix sockets in a folder of its own (:func:`make_client`,
on Linux and macOS), not over TCP ports: with TCP the client picks free ports and releases them,
and a kernel starting at the same moment can bind one first and die (the Jupyter protocol's port
race; papermill #511, nbconvert #1066), as one did in 1500 starts of ``make stress-headless``.
JupyterLab in the browser tests uses IPC for the same reason (tests/browser/conftest.py).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from queue import Empty
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
from traitlets.config import Config

#: Seconds one cell may run headless before it counts as a hang. The slowest cell of the course
#: takes about 3 s alone on a slow host (benchmarks/RESULTS.md); two notebooks at a time on two
#: busy cores make that 10-15 s. 120 s is ten times more, and still stops a stuck CI run quickly.
CELL_TIMEOUT = 120
#: Seconds to wait, after a cell's reply, for the rest of its output (nbclient's default, 4 s,
#: only warns and drops the missing output; here going over is a failure).
IOPUB_TIMEOUT = 30
#: Seconds for the kernel to start and answer its first request.
STARTUP_TIMEOUT = 120
KERNEL_NAME = "python3"
#: Whether kernels talk over Unix sockets (IPC) rather than TCP ports: where there are Unix
#: sockets (zmq has no IPC transport on Windows).
IPC = os.name == "posix"


@dataclass(frozen=True)
class CellTime:
    """Wall time of one executed code cell.

    Attributes
    ----------
    index : int
        Position of the cell in the notebook (0-based, markdown cells counted).
    seconds : float
        From sending the cell to the kernel to the end of its output.
    first_line : str
        The cell's first line of source (see :func:`first_line`).

    Examples
    --------
    >>> CellTime(3, 0.25, "plt.show()").index
    3
    """

    index: int
    seconds: float
    first_line: str


class HeadlessError(RuntimeError):
    """A cell failed headless; the message names the notebook, the cell and its first line."""

    def __init__(self, notebook: str, index: int, cell_first_line: str, reason: str) -> None:
        self.notebook, self.index, self.first_line, self.reason = (
            notebook,
            index,
            cell_first_line,
            reason,
        )
        where = "kernel start" if index < 0 else f"cell {index} (`{cell_first_line}`)"
        super().__init__(f"{notebook}: {where}: {reason}")


class CellTimeout(HeadlessError, TimeoutError):
    """A cell (or the kernel's start) went over its time limit: a hang, not a slow cell."""


class CellError(HeadlessError):
    """A cell raised an exception, or the kernel died while it ran.

    ``ename`` and ``evalue`` are the exception's name and value (as in nbclient's
    ``CellExecutionError``).
    """

    def __init__(self, notebook: str, index: int, cell_first_line: str, ename: str, evalue: str):
        self.ename, self.evalue = ename, evalue
        super().__init__(notebook, index, cell_first_line, f"{ename}: {evalue}")


def first_line(cell: nbformat.NotebookNode, width: int = 70) -> str:
    """The first line of a cell's source that is not blank or an ``# NBVAL`` marker.

    Examples
    --------
    >>> from nbformat.v4 import new_code_cell
    >>> first_line(new_code_cell("# NBVAL_IGNORE_OUTPUT\\n\\ninteract(f, k=3)\\nplt.show()"))
    'interact(f, k=3)'
    """
    lines = [
        line for line in cell.source.splitlines() if line.strip() and not line.startswith("# NBVAL")
    ]
    return lines[0][:width] if lines else ""


def poll_in_slices(channel: Any, slice_seconds: float = 0.05) -> None:
    """Make ``channel.get_msg`` wait in short slices instead of one long poll.

    Works around nbclient issue #312 (open): with ipywidgets in a cell, ``execute_cell``
    sometimes waits the whole cell timeout (forever without one) for a reply that has already
    arrived: the asyncio poll of the zmq socket is not woken up. A fresh poll reads the socket's
    state and sees the message at once, so polling in slices of 50 ms bounds that delay to one
    slice. README.md, "Troubleshooting: headless execution", has the details.
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


def make_client(
    nb: nbformat.NotebookNode, folder: Path, timeout: float = CELL_TIMEOUT, **options: Any
) -> NotebookClient:
    """An nbclient ``NotebookClient`` for ``nb`` run in ``folder`` with the project's limits.

    ``timeout`` is the per-cell limit in seconds; it must be positive (a limit of ``None`` or 0
    would let a hang wait forever). ``options`` go to ``NotebookClient`` (e.g.
    ``record_timing=True``).

    Examples
    --------
    >>> from nbformat.v4 import new_notebook
    >>> make_client(new_notebook(), Path("."), timeout=5).timeout
    5
    >>> make_client(new_notebook(), Path("."), timeout=0)
    Traceback (most recent call last):
    ...
    ValueError: timeout must be a positive number of seconds, got 0
    """
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
    settings: dict[str, Any] = {
        "timeout": timeout,
        "startup_timeout": STARTUP_TIMEOUT,
        "iopub_timeout": IOPUB_TIMEOUT,
        "raise_on_iopub_timeout": True,
        "kernel_name": KERNEL_NAME,
        "resources": {"metadata": {"path": str(folder)}},
        # the kernel is stopped at once when the last cell has run (a graceful shutdown
        # sometimes waited out its limit on a loaded machine)
        "shutdown_kernel": "immediate",
    }
    settings.update(options)
    if IPC and "config" not in settings:
        # Unix sockets, not TCP ports (the module's docstring): `started` gives the kernel a
        # folder of its own for them
        settings["config"] = Config({"KernelManager": {"transport": "ipc"}})
    return NotebookClient(nb, **settings)


@contextmanager
def started(
    client: NotebookClient, notebook: str = "notebook", slices: bool = True
) -> Iterator[NotebookClient]:
    """Start the client's kernel, poll its channels in slices, wait for its first answer.

    The kernel is shut down when the block ends, also after an exception. ``slices=False``
    leaves nbclient's own polling (only to measure what the workaround prevents:
    ``tools/stress_headless.py --without-slices``).
    """
    manager = client.config.KernelManager
    folder = None
    if manager.get("transport") == "ipc" and "ip" not in manager:
        # the kernel's sockets go into a folder of its own (its path must be absolute: the
        # kernel runs in the notebook's folder), removed when the kernel has stopped
        folder = tempfile.mkdtemp(prefix="evalkit-kernel-")
        manager.ip = os.path.join(folder, "k")
    try:
        with client.setup_kernel():
            if slices:
                poll_in_slices(client.kc.shell_channel)
                poll_in_slices(client.kc.iopub_channel)
            try:
                info = client.wait_for_reply(client.kc.kernel_info())
            except (AssertionError, TimeoutError) as exc:  # nbclient asserts on a timeout
                raise CellTimeout(
                    notebook, -1, "", f"no answer to kernel_info within {client.timeout} s"
                ) from exc
            if info is not None:
                client.nb.metadata["language_info"] = info["content"]["language_info"]
            yield client
    finally:
        if folder is not None:
            del manager["ip"]  # a client started again gets a new folder
            shutil.rmtree(folder, ignore_errors=True)


def run_cell(
    client: NotebookClient, cell: nbformat.NotebookNode, index: int, notebook: str
) -> float:
    """Execute one cell in the client's kernel; return its wall time in seconds.

    Raises :class:`CellTimeout` when the cell (or the end of its output) goes over the client's
    limits, also when nbclient returns a reply that it saw only at the deadline, and
    :class:`CellError` when the cell raises or the kernel dies. Both name ``notebook`` and the
    cell.
    """
    start = time.perf_counter()
    try:
        client.execute_cell(cell, index)
    except CellTimeoutError as exc:
        elapsed = time.perf_counter() - start
        what = str(exc).strip().splitlines()[0] if str(exc).strip() else "timed out"
        raise CellTimeout(
            notebook,
            index,
            first_line(cell),
            f"no end after {elapsed:.0f} s (limit {client.timeout} s per cell, output "
            f"{client.iopub_timeout} s): a hang, the kernel was stopped ({what})",
        ) from exc
    except CellExecutionError as exc:
        raise CellError(notebook, index, first_line(cell), exc.ename, exc.evalue) from exc
    except DeadKernelError as exc:
        raise CellError(notebook, index, first_line(cell), "DeadKernelError", str(exc)) from exc
    elapsed = time.perf_counter() - start
    if elapsed >= client.timeout:
        # nbclient returns normally when the poll finds the reply only at its deadline (what a
        # lost wake-up looks like with a limit): over the limit is a hang all the same
        raise CellTimeout(
            notebook,
            index,
            first_line(cell),
            f"its reply was seen only when the limit ran out ({elapsed:.0f} s, limit "
            f"{client.timeout} s per cell): a stalled wait, not a slow cell",
        )
    return elapsed


def execute_notebook(
    nb: nbformat.NotebookNode,
    folder: Path,
    timeout: float = CELL_TIMEOUT,
    name: str | None = None,
) -> list[CellTime]:
    """Run every cell of ``nb`` in a fresh python3 kernel started in ``folder`` (in place).

    Like ``NotebookClient(nb, ...).execute()``, with the kernel's channels polled in slices
    (:func:`poll_in_slices`) and a limit of ``timeout`` seconds per cell. ``name`` is how errors
    name the notebook (default: its folder). Returns the code cells' wall times.

    Raises
    ------
    CellTimeout
        A cell did not finish within ``timeout`` seconds (a hang): names the notebook and cell.
    CellError
        A cell raised an exception or the kernel died.
    """
    notebook = name or str(folder)
    times = []
    with started(make_client(nb, folder, timeout), notebook) as client:
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code" or not cell.source.strip():
                continue
            times.append(CellTime(index, run_cell(client, cell, index, notebook), first_line(cell)))
    return times
