"""Translations, keyed by the English message (see :mod:`zhaopengyou.i18n`).

Each entry maps the msgid to its ``zh-Hans`` and ``zh-Hant`` forms. Engine error
templates are translated here too, so an illegal play is explained in the player's
language with the rule number.
"""

from __future__ import annotations

CATALOG: dict[str, dict[str, str]] = {
    "rounds": {"zh-Hans": "局数", "zh-Hant": "局數"},
    "seat {seat} is to play": {"zh-Hans": "轮到 {seat} 号座位出牌", "zh-Hant": "輪到 {seat} 號座位出牌"},
}
