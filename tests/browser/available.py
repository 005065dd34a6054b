"""Whether the browser tests can run here: a Chromium executable and the playwright package.

    python -m tests.browser.available    exit status 0 if they can; 1, with what is missing, if not

`make test-browser` asks this to decide how the student copies run: in JupyterLab (the browser
parts) or, without a browser, headless (test-student-copies). Importing this module costs
nothing: it imports neither playwright nor pytest.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys

# The browsers the tests look for on the PATH, in this order (Debian's package names).
# Chromium's headless shell first: it is what Playwright itself launches for a headless run
# (its own download, "chromium-headless-shell", unless a channel is asked for): the same Blink
# and V8 as Chromium, without the browser's interface around them. With it, the browser parts
# (then inside `make test`) took about 70 s less of the machine's CPU time than with the full
# `chromium` in headless mode (631 and 636 s against 702 and 708 s, two runs each on the 2-core
# machine of benchmarks/RESULTS.md).
BROWSERS = ("chromium-headless-shell", "chromium")


def chromium_path() -> str | None:
    """``$EVALKIT_CHROMIUM``, else the first of :data:`BROWSERS` on the PATH, else None."""
    if os.environ.get("EVALKIT_CHROMIUM"):
        return os.environ["EVALKIT_CHROMIUM"]
    for name in BROWSERS:
        if path := shutil.which(name):
            return path
    return None


def missing() -> list[str]:
    """What the browser tests lack here (empty when they can run)."""
    lacking = []
    if chromium_path() is None:
        lacking.append(
            "no Chromium found (apt-get install chromium-headless-shell, or chromium; or set"
            " EVALKIT_CHROMIUM to a Chromium executable)"
        )
    if importlib.util.find_spec("playwright") is None:
        lacking.append("the playwright package is not installed")
    return lacking


if __name__ == "__main__":
    reasons = missing()
    for reason in reasons:
        print(f"browser tests cannot run: {reason}", file=sys.stderr)
    sys.exit(1 if reasons else 0)
