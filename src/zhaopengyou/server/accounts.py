"""Accounts: names, argon2 password hashes, session tokens and the R-11.3 titles.

>>> title(0, "zh-Hans"), title(-5, "zh-Hant"), title(125000, "zh-Hans"), title(520, "en")
('小屁孩', '嬰幼兒', '大学生', 'preschooler')
>>> check_name("小明"), check_name("a b") is None
(None, False)
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

TOKEN_LIFETIME = timedelta(days=30)
NAME_RE = re.compile(r"^[\w\u3400-\u9fff·\-]{2,20}$")
MIN_PASSWORD = 6
MAX_PASSWORD = 200
_HASHER = PasswordHasher()

# R-11.3 (seed 002): the lowest total of each title, with its names.
TITLES: tuple[tuple[int, str, str, str], ...] = (
    (-(10**18), "婴幼儿", "嬰幼兒", "infant"),
    (0, "小屁孩", "小屁孩", "toddler"),
    (120, "幼稚园", "幼稚園", "kindergartner"),
    (520, "学前班", "學前班", "preschooler"),
    (1560, "小学生", "小學生", "pupil"),
    (4680, "国中生", "國中生", "middle-schooler"),
    (14040, "高中生", "高中生", "high-schooler"),
    (42120, "大学生", "大學生", "undergraduate"),
    (126360, "研究生", "研究生", "graduate student"),
    (379080, "博士", "博士", "doctor"),
    (1137240, "博士后", "博士後", "postdoc"),
    (3411720, "科学院院士", "科學院院士", "academician"),
    (10235160, "科学院院长", "科學院院長", "academy president"),
    (30705480, "科学家", "科學家", "scientist"),
    (99999999, "外星人", "外星人", "alien"),
)
_LANG_COLUMN = {"zh-Hans": 1, "zh-Hant": 2, "en": 3}


def title(score: int, lang: str = "zh-Hans") -> str:
    """The R-11.3 title of a cumulative 积分 total: below 0 婴幼儿, 0 小屁孩, …"""
    column = _LANG_COLUMN.get(lang, 1) - 1
    found = TITLES[0]
    for entry in TITLES:
        if score >= entry[0]:
            found = entry
    return found[1:][column]


def check_name(name: str) -> str | None:
    """Why a chosen account name is refused, or None: 2–20 letters, digits, CJK, - · _."""
    if not NAME_RE.match(name):
        return "a name is 2 to 20 letters, digits or Chinese characters (also - · _)"
    if name.lower().startswith("guest") or name.startswith("游客"):
        return "names starting with guest or 游客 are kept for guests"
    return None


def check_password(password: str) -> str | None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
    return None


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    if password_hash is None:
        return False
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    """A session token: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token (a stolen table gives no usable token)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def guest_name() -> str:
    return f"游客{secrets.randbelow(10**6):06d}"
