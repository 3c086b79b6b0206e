"""The Transformers edition's facts as RULES.md §6 (and the seed S002) state them, typed in from
the document (not read from the engine's data), so the tests compare the engine against the
specification. The map is the world stand-in of §6.2 (D28): ``rules.spec_world``, typed in from
§3.2 and §2.4."""

from __future__ import annotations

from collections.abc import Iterable

from rules.spec_world import BONUS, CONTINENTS

# §6.1 [filled]: the factions and their leaders.
FACTIONS = {
    "optimus_prime": "autobots",
    "bumblebee": "autobots",
    "megatron": "decepticons",
    "barricade": "decepticons",
}

# §6.1: sides by player count (2: head to head, 3: one Autobot against two Decepticons in a free
# for all, 4: two Autobots against two Decepticons). Which leader sits in which seat is the
# engine's decision (the brief): allies 0 & 2 and 1 & 3 in the four-player game.
SEATS = {
    2: ("optimus_prime", "megatron"),
    3: ("optimus_prime", "megatron", "barricade"),
    4: ("optimus_prime", "megatron", "bumblebee", "barricade"),
}
AUTOBOT_COUNT = {2: 1, 3: 1, 4: 2}
ALLIANCES = {2: [], 3: [], 4: [(0, 2), (1, 3)]}

# §6.3 [filled]: six rounds; 30 robots placed by each player in the setup, the leader not counted;
# the leader starts with 1 robot on its zone.
ROUNDS = 6
SETUP_ROBOTS = 30
LEADER_START_ROBOTS = 1
ZONES = 42

# §6.3 D29: income as classic, max(3, floor(zones / 3)) plus sector (continent) bonuses.
MIN_INCOME = 3

# §6.4 [seed]: 1–3 attackers (one robot guards the origin), 1–2 defenders (no guard needed);
# robots roll d6, a leader d8; ties to the defender.
MOST_ATTACKERS = 3
MOST_DEFENDERS = 2
ROBOT_SIDES = 6
LEADER_SIDES = 8

# §6.6 [filled, low confidence]: a leader's return costs 3 robots, which go to the scrapyard.
REVIVE_COST = 3

# §6.1 [filled]: 42 upgrade cards.
UPGRADE_CARDS = 42


def income(zones: Iterable[str]) -> int:
    """Robots for a turn: max(3, zones ÷ 3) plus every continent (sector) held in full."""
    held = set(zones)
    return max(MIN_INCOME, len(held) // 3) + sum(BONUS[c] for c, members in CONTINENTS.items() if held >= set(members))


def pairs_lost(attack: Iterable[int], defend: Iterable[int]) -> tuple[int, int]:
    """(attacker's losses, defender's losses) of one throw: highest against highest, ties to the defender."""
    a = sorted(attack, reverse=True)
    d = sorted(defend, reverse=True)
    won = sum(x > y for x, y in zip(a, d))
    return min(len(a), len(d)) - won, won
