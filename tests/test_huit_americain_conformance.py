"""The shared conformance suite on 8 Américain: every variant and random combinations of them,
with 1 to 4 decks and 2 to 10 players."""

from __future__ import annotations

from cardgames import huit_americain

from conformance import ConformanceSuite
from shedding_support import shedding_subject


class TestHuitAmericainConformance(ConformanceSuite):
    subject = shedding_subject(huit_americain.GAME, most_players=10)
