"""nbformat imported without jsonschema's IRI parsers: a pytest plugin, and the test suite's import.

nbformat imports jsonschema, whose optional ``rfc3987_syntax`` builds about 35 Earley parsers at
import: 2 s of CPU for a format check that nothing here uses
(``evalkit.exercises._without_iri_parsers`` says why). The unit tests' conftest.py imports this
module; nbval's runs load it as a plugin (``-p tests.plain_nbformat`` in the Makefile's NBVAL),
because pytest imports a plugin named by ``-p`` before the installed ones, nbval's among them,
whose import would bring the parsers in before any conftest.py is read.
"""

from __future__ import annotations

from evalkit.exercises import _without_iri_parsers

with _without_iri_parsers():
    import nbformat  # noqa: F401
