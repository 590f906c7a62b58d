"""Engine error templates in Chinese (see :mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

ENGINE_TEXT: dict[str, dict[str, str]] = {
    "seat {seat} is to play": {"zh-Hans": "轮到 {seat} 号座位出牌", "zh-Hant": "輪到 {seat} 號座位出牌"},
}
