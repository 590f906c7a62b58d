"""Engine refusals in a person's language, for every interface (terminal, server).

>>> from zhaopengyou.engine import IllegalAction
>>> err = IllegalAction("seat {seat} is to play", rule="R-6.4", seat=2)
>>> engine_message(err, "zh-Hans"), engine_message(err, "en")
('轮到 3 号座位出牌', 'seat 3 is to play')
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction
from . import tr


def engine_message(error: IllegalAction, lang: str) -> str:
    """The refusal's template in ``lang``: words the engine puts in a message (a unit's
    kind) translated too, and seats counted from 1 as people count them."""
    params: dict[str, Any] = {
        k: tr(v, lang) if isinstance(v, str) else v for k, v in error.params.items()
    }
    if isinstance(params.get("seat"), int):
        params["seat"] += 1
    return tr(error.template, lang, **params)
