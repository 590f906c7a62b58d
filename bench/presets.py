"""The game variants every benchmark measures, by the name it prints."""

from __future__ import annotations

from zhaopengyou.engine import get_preset
from zhaopengyou.engine.presets import Preset

PRESETS: dict[str, Preset] = {
    "tractor": get_preset("tractor"),
    "tractor partner=called": get_preset("tractor", partner="called"),
    "zhaopengyou": get_preset("zhaopengyou"),
    "qidong": get_preset("qidong"),
    "shandong": get_preset("shandong"),
}
