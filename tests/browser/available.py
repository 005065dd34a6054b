"""Whether the browser tests can run here: a Chromium executable and the playwright package.

    python -m tests.browser.available    exit status 0 if they can; 1, with what is missing, if not

`make test` asks this to decide who checks the notebooks' outputs: the browser tests (which run
every notebook in JupyterLab anyway) or, without a browser, nbval. Importing this module costs
nothing: it imports neither playwright nor pytest.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys


def chromium_path() -> str | None:
    """``$EVALKIT_CHROMIUM``, else ``chromium`` on the PATH (Debian's package), else None."""
    return os.environ.get("EVALKIT_CHROMIUM") or shutil.which("chromium")


def missing() -> list[str]:
    """What the browser tests lack here (empty when they can run)."""
    lacking = []
    if chromium_path() is None:
        lacking.append("no Chromium found (apt-get install chromium, or set EVALKIT_CHROMIUM)")
    if importlib.util.find_spec("playwright") is None:
        lacking.append("the playwright package is not installed")
    return lacking


if __name__ == "__main__":
    reasons = missing()
    for reason in reasons:
        print(f"browser tests cannot run: {reason}", file=sys.stderr)
    sys.exit(1 if reasons else 0)
