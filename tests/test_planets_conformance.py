"""The shared conformance suite on "8": the presets and random option combinations, 2 to 6
players, with a no-leak check that re-deals everything a player has not seen."""

from __future__ import annotations

from conformance import ConformanceSuite
from planets_support import planets_subject


class TestPlanetsConformance(ConformanceSuite):
    subject = planets_subject()
