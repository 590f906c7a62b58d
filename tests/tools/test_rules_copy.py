"""tests/RULES.md is a copy of the normative ../shared/RULES.md, for `make
rules-coverage` on a checkout that has no ../shared next to it."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "RULES.md"


@pytest.mark.skipif(not SHARED.exists(), reason="no ../shared/RULES.md next to this checkout")
def test_the_copy_of_rules_md_is_current() -> None:
    copy = (REPO / "tests" / "RULES.md").read_text(encoding="utf-8")
    assert copy == SHARED.read_text(encoding="utf-8"), "copy ../shared/RULES.md to tests/RULES.md"
