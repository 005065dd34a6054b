"""Shared test settings: hypothesis profiles and repository paths."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

# nbformat (which most test files use) without jsonschema's IRI parsers, 2 s of CPU less per
# pytest process (tests/plain_nbformat.py). `make test` runs pytest with `-p no:nbval` where
# nbval is not used, because nbval's plugin would import nbformat before this file is read.
import tests.plain_nbformat  # noqa: F401

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"

# `make test` uses the quick profile; `HYPOTHESIS_PROFILE=thorough` runs many more examples.
settings.register_profile(
    "quick", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))
