"""Texts of one interface area (see :mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

REPLAY_TEXT: dict[str, dict[str, str]] = {
}
