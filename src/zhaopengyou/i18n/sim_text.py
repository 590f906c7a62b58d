"""Texts of ``zpy sim`` (see :mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

SIM_TEXT: dict[str, dict[str, str]] = {
    "rounds": {"zh-Hans": "局数", "zh-Hant": "局數"},
}
