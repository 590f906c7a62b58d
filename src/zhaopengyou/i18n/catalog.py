"""Translations, keyed by the English message (see :mod:`zhaopengyou.i18n`).

Each entry maps the msgid to its ``zh-Hans`` and ``zh-Hant`` forms. The catalog is
split by area so that each part of the interface keeps its own texts.
"""

from __future__ import annotations

from .cli_text import CLI_TEXT
from .engine_text import ENGINE_TEXT
from .play_text import PLAY_TEXT
from .replay_text import REPLAY_TEXT
from .server_text import SERVER_TEXT
from .sim_text import SIM_TEXT

CATALOG: dict[str, dict[str, str]] = {
    **CLI_TEXT,
    **ENGINE_TEXT,
    **PLAY_TEXT,
    **REPLAY_TEXT,
    **SERVER_TEXT,
    **SIM_TEXT,
}
