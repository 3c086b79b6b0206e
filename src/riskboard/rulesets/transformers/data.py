"""The facts of Transformers RISK as data (RULES.md §6): factions and leaders, who plays which
side for 2, 3 and 4 players, the game's length, the robots of the setup, the leader's die and the
upgrade cards. Kept apart from the rules so a transcribed Cybertron board or leader cards can
replace them."""

from __future__ import annotations

from types import MappingProxyType

AUTOBOTS = "autobots"
DECEPTICONS = "decepticons"

LEADERS = MappingProxyType(
    {"optimus_prime": AUTOBOTS, "bumblebee": AUTOBOTS, "megatron": DECEPTICONS, "barricade": DECEPTICONS}
)
"""§6.1 [filled]: the four leaders and their factions."""

# §6.1: the leader of each seat (in the order the players are given). Two players play head to
# head, three a free-for-all of one Autobot against two Decepticons, four two allied pairs; the
# four-player seats alternate the factions so that allies do not move one after the other.
SEATS = MappingProxyType(
    {
        2: ("optimus_prime", "megatron"),
        3: ("optimus_prime", "megatron", "barricade"),
        4: ("optimus_prime", "megatron", "bumblebee", "barricade"),
    }
)

ROUNDS = 6
"""§6.3 [filled]: the game lasts 6 rounds; every player has one turn per round."""
SETUP_ROBOTS = 30
"""§6.3 [filled]: robots each player places during the setup (the leader not counted)."""
REVIVE_COST = 3
"""§6.6 [filled]: operational robots a leader's return from the scrapyard costs."""
UPGRADE_CARDS = tuple(f"upgrade_{k}" for k in range(1, 43))
"""§6.1 [filled]: 42 upgrade cards; one is drawn after a turn with a liberation (their effects are
not modelled, D28/D30)."""
