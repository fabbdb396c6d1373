"""The shared conformance suite on Crazy Eights: every preset and random option combinations."""

from __future__ import annotations

from cardgames import crazy_eights

from conformance import ConformanceSuite
from shedding_support import shedding_subject


class TestCrazyEightsConformance(ConformanceSuite):
    subject = shedding_subject(crazy_eights.GAME)
