"""The grading sandbox: run a handed-in notebook where it can touch nothing but its own folder.

``make grade`` executes every submission inside bubblewrap (``bwrap``, Debian's package
``bubblewrap``; the sandbox Flatpak is built on), which gives the process tree its own view of
the system through Linux namespaces:

* **files:** it sees the operating system's ``/usr`` (read-only), the Python installation and
  the course's virtual environment (read-only), evalkit's own package and its data (read-only),
  the grading program (read-only), and two folders of its own, writable: the submission's scratch
  folder and the folder for its result. Nothing else exists for it: not the repository (its
  notebooks with the solutions, the teacher's checks, the other submissions, the grades), not
  the home folder, not the real ``/tmp`` (it gets an empty one in memory);
* **network:** a network namespace of its own, with only its own loopback;
* **processes:** a PID namespace of its own (it cannot see or signal the grader), all
  capabilities dropped, a new session (no terminal to inject keys into), and it dies with its
  parent: when the grader kills the sandbox, every process in it goes;
* **limits** (set before it starts, inherited by every process in it): no file larger than
  :data:`MAX_FILE_BYTES`, no process with more than :data:`MAX_MEMORY_BYTES` of address space, no
  core dumps. The time limits are the grader's (``tools/grade.py``).

Where bubblewrap is missing or does not work (:func:`isolation_problem` says why), ``make
grade`` refuses, unless the teacher says the submissions are trusted (``TRUSTED=1``); Docker
and Podman, which otter-grader uses, need a daemon or setup this course does not assume.
"""

from __future__ import annotations

import functools
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

#: The largest file a submission may write (RLIMIT_FSIZE).
MAX_FILE_BYTES = 256 * 2**20
#: The most address space a process of the submission may have (RLIMIT_AS).
MAX_MEMORY_BYTES = 8 * 2**30
#: Where the submission's folder and its result folder appear inside the sandbox.
INSIDE_SUBMISSION, INSIDE_RESULT, INSIDE_GRADER = "/submission", "/result", "/grader"


def bwrap() -> str | None:
    """The path of bubblewrap's ``bwrap``, or None."""
    return shutil.which("bwrap")


@functools.cache
def isolation_problem() -> str | None:
    """Why submissions cannot be isolated here, or None when bubblewrap works.

    Tries a sandbox once (per process): bubblewrap can be installed and still fail, where the
    kernel allows no user namespaces.
    """
    path = bwrap()
    if path is None:
        return (
            "bubblewrap (bwrap) is not installed: on Debian or Ubuntu, `apt-get install bubblewrap`"
        )
    try:
        done = subprocess.run(
            [path, "--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin",
             "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
             "--proc", "/proc", "--dev", "/dev", "--unshare-all", "--cap-drop", "ALL",
             "--die-with-parent", "true"],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bubblewrap did not start a sandbox: {error}"
    if done.returncode != 0:
        return f"bubblewrap cannot make a sandbox here: {done.stderr.strip() or done.returncode}"
    return None


def _ro(paths: list[Path]) -> list[str]:
    args: list[str] = []
    for path in paths:
        if path.exists():
            args += ["--ro-bind", str(path), str(path)]
    return args


def readable_paths() -> list[Path]:
    """What a submission may read besides ``/usr``: Python, the environment, evalkit, its data."""
    import evalkit
    from evalkit.datasets import data_folder

    paths = [Path(sys.base_prefix), Path(sys.prefix), Path(evalkit.__file__).resolve().parent]
    paths.append(data_folder().resolve())
    # fonts' configuration for matplotlib, and the dynamic loader's cache
    paths += [Path("/etc/fonts"), Path("/etc/ld.so.cache"), Path("/etc/localtime")]
    unique: list[Path] = []
    for path in paths:
        if not any(path == seen or seen in path.parents for seen in unique):
            unique = [seen for seen in unique if path not in seen.parents] + [path]
    return [p for p in unique if not str(p).startswith("/usr/")]


def command(
    argv: list[str], scratch: Path, result: Path, program: Path, env: dict[str, str]
) -> list[str]:
    """The bwrap command line that runs ``argv`` in the sandbox.

    ``scratch`` appears as ``/submission`` (the working folder), ``result`` as ``/result``, both
    writable; ``program`` (the grading program) as ``/grader/NAME``, read-only. ``env`` is the
    whole environment inside (nothing of the grader's own is passed on).
    """
    path = bwrap()
    if path is None:
        raise RuntimeError(isolation_problem() or "no bwrap")
    args = [path, "--ro-bind", "/usr", "/usr"]
    for name in ("bin", "lib", "lib64", "sbin"):
        if Path("/", name).is_symlink():
            args += ["--symlink", os.readlink(Path("/", name)), f"/{name}"]
        elif Path("/", name).is_dir():
            args += ["--ro-bind", f"/{name}", f"/{name}"]
    # the empty /tmp first: a later mount on it would hide what is bound below it (a clone of
    # the course in /tmp, its environment and evalkit with it)
    args += ["--tmpfs", "/tmp", "--proc", "/proc", "--dev", "/dev"]
    args += _ro(readable_paths())
    args += ["--ro-bind", str(program), f"{INSIDE_GRADER}/{program.name}"]
    args += ["--bind", str(scratch), INSIDE_SUBMISSION, "--bind", str(result), INSIDE_RESULT]
    args += ["--remount-ro", "/"]
    args += ["--unshare-all", "--hostname", "grading", "--cap-drop", "ALL"]
    args += ["--die-with-parent", "--new-session", "--clearenv", "--chdir", INSIDE_SUBMISSION]
    for key, value in sorted(env.items()):
        args += ["--setenv", key, value]
    return [*args, "--", *argv]


def limits() -> Callable[[], None]:
    """A ``preexec_fn`` that sets the sandbox's resource limits in the child before bwrap runs."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (MAX_FILE_BYTES, MAX_FILE_BYTES))
        resource.setrlimit(resource.RLIMIT_AS, (MAX_MEMORY_BYTES, MAX_MEMORY_BYTES))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return apply
