"""Build evalkit's wheel from the working tree, in a build folder of its own: `make wheel`.

    python tools/build_wheel.py dist            # the wheel goes to dist/
    python tools/build_wheel.py dist --isolated # as a user's pip would: fetches the build backend

setuptools builds a wheel by copying the package into ``build/lib`` and packing that folder, and
never removes from it a module that was deleted or renamed in ``evalkit/`` since the last build
(pypa/setuptools#1871, open since 2019): a wheel built in a working tree can ship modules that no
longer exist. Here setuptools' ``build_base`` is a new temporary folder for every build (through
``DIST_EXTRA_CONFIG``, the extra configuration file setuptools reads), so the wheel holds exactly
what ``evalkit/`` and ``data/`` hold now, and nothing is written into ``build/``
(``tests/test_packaging.py`` checks the wheel's file list against the package's files).

By default the wheel is built with this environment's setuptools (``make install`` installs it),
without build isolation and without the package index, so that it needs no network;
``--isolated`` lets pip make an isolated build environment (fetching setuptools).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def build_wheel(dest: Path, *, isolated: bool = False, timeout: float = 600) -> Path:
    """Build the wheel into ``dest`` from a fresh build folder and return its path.

    Raises ``subprocess.CalledProcessError`` (with pip's output) when the build fails.
    """
    dest = Path(dest).resolve()
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="evalkit-wheel-") as scratch:
        config = Path(scratch) / "build.cfg"
        config.write_text(f"[build]\nbuild_base = {Path(scratch) / 'build'}\n", encoding="utf-8")
        command = [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q"]
        command += ["-w", str(dest)]
        if not isolated:
            command += ["--no-build-isolation", "--no-index"]
        env = {**os.environ, "DIST_EXTRA_CONFIG": str(config)}
        subprocess.run(command, check=True, timeout=timeout, capture_output=True, env=env)
    # (pip replaces a wheel of the same name: the newest is the one just built)
    return max(dest.glob("evalkit_course-*.whl"), key=lambda p: p.stat().st_mtime_ns)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="the folder the wheel goes to")
    parser.add_argument(
        "--isolated", action="store_true", help="let pip fetch the build backend (needs network)"
    )
    args = parser.parse_args(argv)
    try:
        wheel = build_wheel(args.dest, isolated=args.isolated)
    except subprocess.CalledProcessError as error:
        sys.stderr.write(error.stdout.decode() + error.stderr.decode())
        return error.returncode or 1
    print(wheel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
