"""The offline-and-strict guard for notebook kernels (and any Python process that installs it).

:func:`install` adds one audit hook (:pep:`578`) that, for the rest of the process,

* refuses network access: a socket connection or datagram to an address that is not loopback,
  and a host-name lookup of anything but ``localhost``, raise :class:`NetworkBlockedError` (an
  ``OSError``, so code sees an ordinary network failure). Unix sockets and 127.0.0.0/8, ``::1``
  stay usable — the kernel itself talks to Jupyter over loopback (ZeroMQ, which is C code and
  raises no audit events anyway);
* refuses writes into the repository: opening a file there for writing, creating, renaming or
  deleting files raise :class:`RepositoryWriteError` (a ``PermissionError``), except under
  ``build/``, the IPython directory of this guard and caches (``__pycache__``, ``.pytest_cache``,
  ``.hypothesis``, ``.ruff_cache``). Notebooks write into ``tempfile.mkdtemp()`` instead;

and turns every warning attributed to evalkit code into an exception.

The hook is implemented with audit events rather than by patching :mod:`socket`, so it also sees
calls that go straight to ``_socket`` or ``os``. Audit hooks cannot be removed: install the guard
only in processes that should stay guarded (kernels, subprocesses in tests).

The IPython profile next to this file (``tests/offline/ipython``) installs the guard at kernel
start; ``notebooks/conftest.py`` points ``IPYTHONDIR`` at it for nbval runs.
"""

from __future__ import annotations

import ipaddress
import os
import sys
import warnings
from pathlib import Path

__all__ = [
    "LOOPBACK_NAMES",
    "NetworkBlockedError",
    "RepositoryWriteError",
    "install",
    "is_loopback",
]

REPO = Path(__file__).resolve().parents[2]
IPYTHON_DIR = Path(__file__).resolve().parent / "ipython"

#: Host names that resolve to the loopback interface without asking a name server.
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})

#: Directories (relative to the repository) and path components where writes are allowed.
ALLOWED_DIRS = ("build",)
ALLOWED_PARTS = frozenset({"__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache"})

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_PATH_EVENTS = {  # audit event → indices of the path arguments it modifies
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.mkdir": (0,),
    "os.rename": (0, 1),  # also os.replace
    "os.truncate": (0,),
    "os.link": (0, 1),
    "os.symlink": (1,),
    "os.chmod": (0,),
    "os.utime": (0,),
    "shutil.rmtree": (0,),
    "shutil.copyfile": (1,),
    "shutil.move": (1,),
}
_ADDRESS_EVENTS = ("socket.connect", "socket.sendto", "socket.sendmsg")
_NAME_EVENTS = ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex")

ACTIVE = False


class NetworkBlockedError(OSError):
    """A connection or name lookup that would leave the machine."""


class RepositoryWriteError(PermissionError):
    """A write into the repository (outside build/ and caches)."""


def is_loopback(host: object) -> bool:
    """True for loopback and unspecified IP addresses and the names in :data:`LOOPBACK_NAMES`."""
    if isinstance(host, bytes):
        host = host.decode(errors="replace")
    if host is None or host == "":
        return True  # the local host (INADDR_ANY)
    if not isinstance(host, str):
        return False
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    return address.is_loopback or address.is_unspecified


def _is_ip_literal(host: object) -> bool:
    try:
        ipaddress.ip_address(str(host).split("%", 1)[0])
    except ValueError:
        return False
    return True


def _check_address(address: object) -> None:
    if isinstance(address, (str, bytes)):  # AF_UNIX path (or abstract name): local by definition
        return
    if isinstance(address, tuple) and address and not is_loopback(address[0]):
        raise NetworkBlockedError(
            f"network access is blocked in this kernel (offline guard): connection to "
            f"{address!r} refused; notebooks must run without the internet"
        )


def _write_allowed(path: object) -> bool:
    if isinstance(path, int):  # an open file descriptor: its open() was checked already
        return True
    try:
        text = os.fsdecode(os.fspath(path))
    except TypeError:
        return True
    resolved = Path(os.path.abspath(text))
    try:
        relative = resolved.relative_to(REPO)
    except ValueError:
        return True  # outside the repository
    if ALLOWED_PARTS.intersection(relative.parts):
        return True
    if relative.parts and relative.parts[0] in ALLOWED_DIRS:
        return True
    ipython_dir = Path(os.path.abspath(os.environ.get("IPYTHONDIR", IPYTHON_DIR)))
    return resolved == ipython_dir or ipython_dir in resolved.parents


def _refuse_write(path: object, event: str) -> None:
    raise RepositoryWriteError(
        f"writing into the repository is blocked (offline guard, {event}): {path!r}; write "
        "into a temporary directory (tempfile.mkdtemp()) instead"
    )


def _hook(event: str, args: tuple) -> None:
    if event == "open":
        path, mode, flags = (*args, None, None, None)[:3]
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS
        )
        if writes and not _write_allowed(path):
            _refuse_write(path, event)
    elif event in _ADDRESS_EVENTS:
        if len(args) > 1:
            _check_address(args[1])
    elif event in _NAME_EVENTS:
        host = args[0] if args else None
        if not (is_loopback(host) or _is_ip_literal(host)):
            raise NetworkBlockedError(
                f"network access is blocked in this kernel (offline guard): name lookup of "
                f"{host!r} refused; notebooks must run without the internet"
            )
    elif event in _PATH_EVENTS:
        for index in _PATH_EVENTS[event]:
            if index < len(args) and not _write_allowed(args[index]):
                _refuse_write(args[index], event)


def install(*, warnings_as_errors: bool = True) -> None:
    """Install the guard in this process (idempotent; cannot be undone)."""
    global ACTIVE
    if warnings_as_errors:
        warnings.filterwarnings("error", module=r"evalkit(\.|$)")
    if not ACTIVE:
        sys.addaudithook(_hook)
        ACTIVE = True
