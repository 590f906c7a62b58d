"""Engine refusals in a person's language, for every interface (terminal, server).

>>> from zhaopengyou.engine import IllegalAction
>>> err = IllegalAction("seat {seat} is to play", rule="R-6.4", seat=2)
>>> engine_message(err, "zh-Hans"), engine_message(err, "en")
('轮到 3 号座位出牌', 'seat 3 is to play')
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction
from ..engine.cards import BIG_JOKER, Card, Cards
from . import tr


def engine_message(error: IllegalAction, lang: str) -> str:
    """The refusal's template in ``lang``: words the engine puts in a message (a unit's
    kind, a card's name) translated too, and seats counted from 1 as people count them."""
    return tr(error.template, lang, **engine_params(error, lang))


def engine_params(error: IllegalAction, lang: str) -> dict[str, Any]:
    """The refusal's parameters as ``lang`` says them.

    >>> from zhaopengyou.engine.cards import Card, Cards
    >>> err = IllegalAction("you do not hold {count}× {card}", count=1, card=Card("LJ"))
    >>> engine_message(err, "en"), engine_message(err, "zh-Hant")
    ('you do not hold 1× small joker', '你手裡沒有 1 張 小王')
    >>> engine_params(IllegalAction("{unit}", unit=Cards([Card("BJ"), Card("9S")])), "en")
    {'unit': 'big joker ♠9'}
    """
    params: dict[str, Any] = {}
    for key, value in error.params.items():
        if isinstance(value, Card):
            params[key] = card_name(value, lang)
        elif isinstance(value, Cards):
            params[key] = " ".join(card_name(card, lang) for card in value)
        elif isinstance(value, str):
            params[key] = tr(value, lang)
        else:
            params[key] = value
    if isinstance(params.get("seat"), int):
        params["seat"] += 1
    return params


def card_name(card: Card, lang: str) -> str:
    """A card as a person reading ``lang`` calls it: ♥10, 大王, or big joker in English."""
    if lang == "en" and card.is_joker:
        return "big joker" if card == BIG_JOKER else "small joker"
    return str(card)
