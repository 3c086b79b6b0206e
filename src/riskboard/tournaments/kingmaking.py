"""``kingmaking``: the 3-player experiment in which a player who cannot win decides who does.

Two contenders and a kingmaker play the same seeded games once per kingmaker policy, the seats
fixed (``seating="fixed"``: contenders first, in the order given, the kingmaker last), so that
the only thing that changes from row to row is whom the kingmaker attacks. With the same seeds
the games differ only where the policy makes them differ: paired comparisons, as a lab's
control group. The table says who won under each policy; ``rb.teaching.kingmaking_chart`` draws it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import Any

import pandas as pd

from riskboard.analysis.stats import wilson
from riskboard.bots.kingmaker import Kingmaker
from riskboard.errors import ConfigError
from riskboard.i18n import _
from riskboard.tournaments.runner import tournament

RESERVED = ("games", "draw")
"""Column names of the table that players may not take."""


def default_policies(contenders: list[str]) -> dict[str, Any]:
    """A ``Kingmaker`` per policy: attack anyone, only one contender, only the other, nobody."""
    policies: dict[str, Any] = {"anyone": functools.partial(Kingmaker, None)}
    for name in contenders:
        policies[f"only {name}"] = functools.partial(Kingmaker, name)
    policies["nobody"] = functools.partial(Kingmaker, ())
    return policies


def kingmaking(
    contenders: Mapping[str, Any],
    kingmaker: str = "Kim",
    policies: Mapping[str, Any] | None = None,
    *,
    games: int = 40,
    ruleset: str = "classic",
    seed: int = 1,
    max_turns: int = 300,
    workers: int | None = 1,
    progress: bool = False,
    **options: Any,
) -> pd.DataFrame:
    """Play ``games`` 3-player games per kingmaker policy and tabulate who won.

    ``contenders``: two players' names → their bots (as ``rb.tournament`` takes them);
    ``kingmaker``: the third player's name; ``policies``: label → the kingmaker's bot (default:
    ``default_policies``: ``Kingmaker`` attacking anyone, only each contender, nobody). Further
    keywords go to ``rb.tournament`` (``variant``, ``options``, ``time_limit``). One row per
    policy, in order: ``games``, each player's share of the games won (a column named after it;
    a shared win split between the sharers), ``draw`` (nobody won within ``max_turns``), and ``<player>_low``/``<player>_high``, the Wilson
    95 % interval of each contender's share.

    >>> import riskboard as rb
    >>> from riskboard.tournaments import kingmaking
    >>> table = kingmaking({"Ada": rb.bots.Aggressive, "Bo": rb.bots.Aggressive}, games=2, max_turns=60)
    >>> list(table.index)
    ['anyone', 'only Ada', 'only Bo', 'nobody']
    """
    if not isinstance(contenders, Mapping) or len(contenders) != 2:
        raise ConfigError(
            _("kingmaking needs two contenders, a mapping of two names to bots, e.g. {example}").format(
                example="{'Ada': rb.bots.Aggressive, 'Bo': rb.bots.Planner}"
            ),
            code="config/bots",
        )
    names = [str(n) for n in contenders]
    if kingmaker in names or any(n in RESERVED for n in [*names, kingmaker]):
        raise ConfigError(
            _("the kingmaker and the two contenders need three different names, none of them {reserved}").format(
                reserved=" or ".join(RESERVED)
            ),
            code="config/bots",
        )
    chosen = default_policies(names) if policies is None else dict(policies)
    if not chosen:
        raise ConfigError(_("policies must name at least one kingmaker policy"), code="config/bots")
    rows = []
    for label, bot in chosen.items():
        result = tournament(
            {**contenders, kingmaker: bot},
            ruleset=ruleset,
            games=games,
            seed=seed,
            workers=workers,
            max_turns=max_turns,
            progress=progress,
            seating="fixed",
            **options,
        )
        played = len(result.games)
        won = dict.fromkeys([*names, kingmaker, "draw"], 0.0)
        for text in result.games["winners"]:
            sharers = [w for w in str(text).split(", ") if w]
            for w in sharers or ["draw"]:  # a shared win (a ceasefire) is split between the sharers
                won[w] += 1 / len(sharers) if sharers else 1.0
        row: dict[str, Any] = {"policy": str(label), "games": played}
        row.update({who: count / played if played else math.nan for who, count in won.items()})
        for player in names:
            low, high = wilson(won[player], played)
            row[f"{player}_low"], row[f"{player}_high"] = low, high
        rows.append(row)
    return pd.DataFrame(rows).set_index("policy")
