"""What the end-to-end tests need, checked before anything else of theirs is imported:
Chromium at /usr/bin/chromium, the built client, and Playwright for Python.

Missing, the tests are skipped with the reason, except with ``CI=true``, where they fail:
CI must run them (.ci/run installs Chromium; `make test` builds the client)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
INDEX = ROOT / "src" / "zhaopengyou" / "server" / "static" / "index.html"


def missing() -> str | None:
    """Why the end-to-end tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[dev]')"
    if not CHROMIUM.is_file():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if not INDEX.is_file():
        return f"the browser client is not built ({INDEX.relative_to(ROOT)}): run `make web`"
    return None


def require() -> None:
    """Skip (or, with CI=true, fail) the calling test module when something is missing."""
    reason = missing()
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"end-to-end tests cannot run: {reason} (CI=true)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)
