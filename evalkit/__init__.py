"""evalkit — evaluate and compare classifiers honestly.

The helper package of the evalkit course. Every function returns its result with the method
named (an :class:`~evalkit.results.Interval` or a :class:`~evalkit.results.TestResult`), works on
counts and NumPy arrays, and rejects bad input with a message that says what is allowed.

Modules (import the one you need; ``import evalkit`` itself loads only NumPy and SciPy):

* ``evalkit.results``   – the Interval and TestResult types
* ``evalkit.examples``  – the worked-example registry and its checker
* ``evalkit.plots``     – the course's figure style (imports matplotlib)

The course notebooks add one module per topic (distributions, intervals, independent, paired,
resampling, metrics, roc, datasets, multiple, bootstrap, report); see the README's course map.
"""

from evalkit.results import Interval, TestResult

__all__ = ["Interval", "TestResult", "__version__"]
__version__ = "0.1.0"
