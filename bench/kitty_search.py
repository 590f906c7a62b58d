"""What SearchBot's search of the decisions before the tricks is worth, per preset: in
many deals, one decision (the first bid where the search has a choice, the kitty
taker's burial, the banker's friend call) is made once by HeuristicBot and once by
SearchBot at the default budget; each round is then finished by HeuristicBots with the
true cards, and the deciding seat's outcome (its R-10 score plus the attackers' points
in level bands, as the search values rollouts) is compared.

Run it yourself (it is not a timed test):  python bench/kitty_search.py [--deals N] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys

from presets import PRESETS  # bench/presets.py: this folder is on sys.path
from zhaopengyou.bots import HeuristicBot, SearchBot, play_round
from zhaopengyou.bots.runner import offer_bids
from zhaopengyou.bots.search import outcome
from zhaopengyou.engine import Round
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import BID, BURY, CALL, DEAL

SEARCHED = {name: preset for name, preset in PRESETS.items() if name != "shandong"}


def bid_moment(preset: Preset, seed: int) -> tuple[Round, int] | None:
    """The deal of ``seed`` with HeuristicBots up to the first bid answer where the
    search compares several (a seat polled after the deal), and the seat to answer;
    None if there is none."""
    heuristic = [HeuristicBot(seat) for seat in range(preset.players)]
    search = SearchBot(seed)
    rnd = Round(preset, seed=seed)
    while rnd.phase is DEAL or rnd.phase is BID:
        if rnd.phase is DEAL:
            seat = rnd.deal_card()[0].seat  # type: ignore[union-attr]
            if rnd.phase is not DEAL:
                continue  # the last card: the closing bids follow
        else:
            assert rnd.to_act is not None
            seat = rnd.to_act
        if len(search.bid_candidates(rnd.view(seat))) >= 2:
            return rnd, seat
        if rnd.phase is DEAL:
            offer_bids(rnd, heuristic, [seat])
        else:
            answer = heuristic[seat].act(rnd.view(seat))
            assert answer is not None
            rnd.apply(seat, answer)
    return None


def decision_moment(preset: Preset, seed: int, decision: str) -> tuple[Round, int] | None:
    if decision == "bid":
        return bid_moment(preset, seed)
    phase = BURY if decision == "burial" else CALL
    heuristic = [HeuristicBot(seat) for seat in range(preset.players)]
    rnd = play_round(Round(preset, seed=seed), heuristic, until=lambda r: r.phase is phase)
    return None if rnd.phase is not phase else (rnd, rnd.to_act)  # type: ignore[return-value]


def gains(preset: Preset, decision: str, deals: int) -> list[float]:
    """Per deal with such a ``decision``: the deciding seat's outcome with the search's
    answer minus its outcome with the heuristic's."""
    heuristic = [HeuristicBot(seat) for seat in range(preset.players)]
    out = []
    for seed in range(deals):
        moment = decision_moment(preset, seed, decision)
        if moment is None:
            continue  # no such decision in this deal (a redeal, or no friend to call)
        rnd, seat = moment
        view = rnd.view(seat)
        values = []
        for action in (HeuristicBot(seat).act(view), SearchBot(seed).act(view)):
            assert action is not None  # a seat polled after the deal, a burier or a caller
            twin = rnd.clone()
            twin.apply(seat, action)
            values.append(outcome(play_round(twin, heuristic), seat))
        out.append(values[1] - values[0])
    return out


def summary(values: list[float]) -> dict[str, float]:
    """Mean gain and the half width of its 95% interval (NaN with fewer than two)."""
    if len(values) < 2:
        only = values[0] if values else math.nan
        return {"decisions": len(values), "gain": only, "ci95": math.nan, "outcome_changed": 0.0}
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    changed = sum(1 for v in values if v) / len(values)
    return {"decisions": len(values), "gain": mean, "ci95": half, "outcome_changed": changed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per preset")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {}
    for name, preset in SEARCHED.items():
        for decision in ("bid", "burial", "call"):
            if decision != "call" or preset.called_friend:
                figures[f"{name} {decision}"] = summary(gains(preset, decision, args.deals))
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{'decision':30} {'n':>5} {'gain':>8} {'± 95%':>7} {'changed':>8}")
    for name, row in figures.items():
        print(
            f"{name:30} {row['decisions']:5.0f} {row['gain']:+8.3f} {row['ci95']:7.3f}"
            f" {row['outcome_changed']:8.0%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
