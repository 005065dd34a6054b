"""How many simulated replicates a measurement needs: the course's Monte-Carlo standard.

A claim about coverage, size or power that cannot be enumerated is measured by a seeded
simulation whose Monte-Carlo standard error sqrt(v (1 − v)/R) is at most :data:`MAX_SE`. The
number of replicates R is planned from a separate pilot run whose replicates are then discarded
(:func:`replicates_for`): stopping when the running standard error first drops below the bound
would favour runs whose share drifted away from 1/2, and bias a coverage near 0.95 upward. Used by
``measure_atlas.py`` (the coverage atlas) and the ``precompute_*.py`` scripts of the notebooks.
"""

from __future__ import annotations

import numpy as np

#: the largest Monte-Carlo standard error a simulated figure may have
MAX_SE = 0.005
#: replicates of the pilot run that plans the main run (not used in the figure)
PILOT = 400
MIN_REPLICATES = 2000
MAX_REPLICATES = 20000


def replicates_for(pilot_share: float, pilot: int = PILOT) -> int:
    """Replicates that bring the standard error below MAX_SE, planned from a pilot run.

    The variance v(1 − v) is bounded by its largest value over the pilot's Wilson interval at
    z = 3.3 (99.9 %), so the main run's standard error exceeds MAX_SE only about once in a
    thousand figures. Planning the count from a separate pilot (whose replicates are not used)
    keeps the estimate unbiased (the module's docstring).

    Examples
    --------
    >>> replicates_for(0.5)
    10000
    >>> replicates_for(1.0) == MIN_REPLICATES
    True
    """
    z = 3.3
    centre = (pilot_share + z * z / (2 * pilot)) / (1 + z * z / pilot)
    half = z * np.sqrt(pilot_share * (1 - pilot_share) / pilot + z * z / (4 * pilot**2))
    low, high = centre - half / (1 + z * z / pilot), centre + half / (1 + z * z / pilot)
    worst = 0.25 if low <= 0.5 <= high else max(low * (1 - low), high * (1 - high))
    return int(min(MAX_REPLICATES, max(MIN_REPLICATES, np.ceil(worst / MAX_SE**2))))
