"""Interface languages: simplified Chinese (default), traditional Chinese, English.

Messages are looked up by their English text (like a gettext msgid) in catalogs that
give the two Chinese forms; English is the msgid itself.

>>> tr("rounds", "zh-Hans"), tr("rounds", "zh-Hant"), tr("rounds", "en")
('局数', '局數', 'rounds')
>>> tr("seat {seat} is to play", "zh-Hans", seat=2)
'轮到 2 号座位出牌'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from .catalog import CATALOG

LANGS = ("zh-Hans", "zh-Hant", "en")
DEFAULT_LANG = "zh-Hans"
_ALIASES = {
    "zh": "zh-Hans",
    "zh-cn": "zh-Hans",
    "zh-hans": "zh-Hans",
    "zh_cn": "zh-Hans",
    "简": "zh-Hans",
    "zh-tw": "zh-Hant",
    "zh-hk": "zh-Hant",
    "zh-hant": "zh-Hant",
    "zh_tw": "zh-Hant",
    "繁": "zh-Hant",
    "en": "en",
    "en-us": "en",
    "en-gb": "en",
    "english": "en",
}


def normalize_lang(value: str | None) -> str:
    """A language code from user input (``zh-TW``, ``en`` …); raises on unknown ones."""
    if value is None or not value.strip():
        return DEFAULT_LANG
    key = value.strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    raise ValueError(f"unknown language {value!r}; choose one of: {', '.join(LANGS)}")


def default_lang(environ: Mapping[str, str] = os.environ) -> str:
    """The language from ``ZPY_LANG``, else simplified Chinese."""
    try:
        return normalize_lang(environ.get("ZPY_LANG"))
    except ValueError:
        return DEFAULT_LANG


def tr(msgid: str, lang: str, **params: Any) -> str:
    """``msgid`` in ``lang``, with ``params`` filled in."""
    text = msgid if lang == "en" else CATALOG.get(msgid, {}).get(lang, msgid)
    return text.format(**params) if params else text
