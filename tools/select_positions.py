"""Positions for the browser client's selection checks, judged by the engine.

The client checks a selection before sending it (`web/src/logic/select.ts`: R-4.1's one
suit of a lead, R-5.1/R-5.2's count, suit and pair of a follow). That is a second
implementation of engine rules, so it is tested against the engine: this tool plays
seeded random rounds of every preset and, at play decisions, records the hand, the lead,
the suits as the server sends them (the view message's ``suits``) and selections, legal
and not, each with the engine's verdict (``View.play_error``). `select.engine.test.ts`
then requires that the client never refuses what the engine accepts.

    python tools/select_positions.py            # writes web/src/logic/positions.json
    python tools/select_positions.py --check    # exit 1 when that file is not what it writes
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

from zhaopengyou.bots import RandomBot
from zhaopengyou.engine import Phase, Round, get_preset
from zhaopengyou.engine.cards import Card
from zhaopengyou.engine.codec import encode_cards
from zhaopengyou.engine.table import encode_effective_suit
from zhaopengyou.engine.view import View, shape_to_dict
from zhaopengyou.server.room.publisher import suits_of

OUT = Path(__file__).resolve().parents[1] / "web" / "src" / "logic" / "positions.json"
PRESETS = ("tractor", "zhaopengyou", "qidong", "shandong")
ROUNDS = 5  # per preset
SELECTIONS = 4  # per decision, besides the legal plays listed


def selections(view: View, rng: random.Random) -> list[tuple[Card, ...]]:
    """A few legal plays, and random selections of the hand: of the lead's count (often
    wrong in suit or structure), of another count, and whole-suit ones."""
    hand = list(view.hand)
    picked = list(itertools.islice(view.legal_plays(), 3))
    count = sum(s.size for s in view.lead_shapes) if not view.is_leading else 0
    for _ in range(SELECTIONS):
        size = count or rng.randint(1, min(4, len(hand)))
        if rng.random() < 0.25:
            size = max(1, min(len(hand), size + rng.choice((-1, 1))))
        picked.append(tuple(rng.sample(hand, size)))
    return picked


def position(view: View, rng: random.Random) -> dict[str, Any]:
    leading = view.is_leading
    return {
        "hand": encode_cards(view.hand),
        "leading": leading,
        "lead_suit": None if leading else encode_effective_suit(view.lead_suit or 0),
        "lead_count": 0 if leading else sum(s.size for s in view.lead_shapes),
        "shapes": [shape_to_dict(s) for s in view.lead_shapes],
        "selections": [
            {"cards": encode_cards(cards), "legal": view.play_error(cards) is None}
            for cards in selections(view, rng)
        ],
    }


def positions() -> dict[str, Any]:
    rounds: list[dict[str, Any]] = []
    for name in PRESETS:
        preset = get_preset(name)
        for number in range(ROUNDS):
            seed = 1000 * len(rounds) + number
            rng = random.Random(seed)
            rnd = Round(preset, seed=seed)
            bots = [RandomBot(seed * 10 + seat) for seat in range(preset.players)]
            found: list[dict[str, Any]] = []
            suits = None
            while rnd.phase is not Phase.DONE:
                if rnd.phase is Phase.DEAL and rnd.to_act is None:
                    rnd.deal_card()
                    continue
                seat = rnd.to_act
                assert seat is not None
                view = rnd.view(seat)
                if rnd.phase is Phase.PLAY:
                    seen = suits_of(view.ordering)
                    assert suits in (None, seen), "the suits changed during the play"
                    suits = seen
                    found.append(position(view, rng))
                action = bots[seat].act(view)
                assert action is not None
                rnd.apply(seat, action)
            rounds.append({"preset": name, "seed": seed, "suits": suits, "positions": found})
    return {
        "about": "made by tools/select_positions.py from the engine; do not edit",
        "rounds": rounds,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    text = json.dumps(positions(), separators=(",", ":")) + "\n"
    if args.check:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is not what the engine says now: run {__file__}", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
