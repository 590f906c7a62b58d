"""Cards, suits, ranks and the two notations of RECORD.md (R-1.1).

A card is one of 54 kinds, stored as a small ``int`` subclass so that hands can be
count vectors indexed by card and the hot paths stay integer arithmetic.

>>> Card.parse("10H")
Card('10H')
>>> print(Card.parse("♥10"), Card.parse("BJ"), Card.parse("小王"))
♥10 大王 小王
>>> [c.ascii for c in parse_cards("♥A A K 10 10")]
['AH', 'AH', 'KH', '10H', '10H']
>>> format_cards(parse_cards("LJ 2S 2S"))
'小王 ♠2 ♠2'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

SUIT_LETTERS: Final = "SHCD"
SUIT_SYMBOLS: Final = "♠♥♣♦"
RANK_NAMES: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
TRUMP: Final = 4  # the effective suit of every trump card
NUM_SUITS: Final = 4
NUM_RANKS: Final = 13
SMALL_JOKER: Final = 52
BIG_JOKER: Final = 53
NUM_KINDS: Final = 54

_RANK_ALIASES = {name: i for i, name in enumerate(RANK_NAMES)}
_RANK_ALIASES.update({"T": 8, "1": 12})
_SUIT_ALIASES = {letter: i for i, letter in enumerate(SUIT_LETTERS)}
_SUIT_ALIASES.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
# Suit names as players write them, in simplified and traditional characters.
_SUIT_WORDS = {"黑桃": 0, "红桃": 1, "紅桃": 1, "梅花": 2, "方块": 3, "方塊": 3}
_SUIT_ALIASES.update({"♤": 0, "♡": 1, "♧": 2, "♢": 3, **_SUIT_WORDS})
_JOKER_ALIASES = {
    "LJ": SMALL_JOKER,
    "SJ": SMALL_JOKER,
    "小王": SMALL_JOKER,
    "小鬼": SMALL_JOKER,
    "BJ": BIG_JOKER,
    "大王": BIG_JOKER,
    "大鬼": BIG_JOKER,
}


class CardParseError(ValueError):
    """A card token that is not valid notation; ``token`` names it."""

    def __init__(self, token: str, reason: str = "not a card") -> None:
        super().__init__(f"{token!r}: {reason}")
        self.token = token
        self.reason = reason


class Card(int):
    """One of the 54 card kinds; copies of a card are the same ``Card``.

    Ids: ``suit * 13 + rank`` with rank 0 for "2" … 12 for "A"; 52 is 小王, 53 is 大王.
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return cls.parse(value)
        if not 0 <= value < NUM_KINDS:
            raise ValueError(f"card id out of range: {value}")
        return CARDS[value]

    @staticmethod
    def parse(token: str) -> Card:
        """Parse ASCII (``10H``, ``LJ``) or Unicode (``♥10``, ``小王``) notation."""
        return _parse_token(token.strip(), None)[0]

    @property
    def is_joker(self) -> bool:
        return self >= SMALL_JOKER

    @property
    def suit(self) -> int | None:
        """Printed suit 0..3 (♠♥♣♦), or None for a joker."""
        return None if self >= SMALL_JOKER else self // NUM_RANKS

    @property
    def rank(self) -> int | None:
        """Rank index 0 ("2") … 12 ("A"), or None for a joker."""
        return None if self >= SMALL_JOKER else self % NUM_RANKS

    @property
    def points(self) -> int:
        return CARD_POINTS[self]

    @property
    def ascii(self) -> str:
        return _ASCII[self]

    def __str__(self) -> str:
        return _UNICODE[self]

    def __repr__(self) -> str:
        return f"Card({_ASCII[self]!r})"


def _make_names() -> tuple[list[str], list[str]]:
    ascii_names, unicode_names = [], []
    for suit in range(NUM_SUITS):
        for rank in range(NUM_RANKS):
            ascii_names.append(RANK_NAMES[rank] + SUIT_LETTERS[suit])
            unicode_names.append(SUIT_SYMBOLS[suit] + RANK_NAMES[rank])
    return [*ascii_names, "LJ", "BJ"], [*unicode_names, "小王", "大王"]


_ASCII, _UNICODE = _make_names()
CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(NUM_KINDS))
CARD_POINTS: Final[tuple[int, ...]] = tuple(
    0 if i >= SMALL_JOKER else {3: 5, 8: 10, 11: 10}.get(i % NUM_RANKS, 0) for i in range(NUM_KINDS)
)


def make_card(suit: int, rank: int) -> Card:
    return CARDS[suit * NUM_RANKS + rank]


_RANK_RE = "10|[2-9TJQKA1]"
_ASCII_RE = re.compile(rf"^({_RANK_RE})([SHCD])$", re.IGNORECASE)
_SUIT_FIRST_RE = re.compile(rf"^([SHCD♠♥♣♦♤♡♧♢])({_RANK_RE})$", re.IGNORECASE)
_RANK_ONLY_RE = re.compile(rf"^({_RANK_RE})$", re.IGNORECASE)
_SUIT_ONLY_RE = re.compile(r"^([♠♥♣♦♤♡♧♢]|黑桃|红桃|紅桃|梅花|方块|方塊)$")


def _parse_token(token: str, current_suit: int | None) -> tuple[Card, int | None]:
    """Parse one token; a bare rank takes the suit of the previous card (``♥A A K``)."""
    joker = _JOKER_ALIASES.get(token.upper())  # every alias is its own upper case
    if joker is not None:
        return CARDS[joker], current_suit
    for word, suit in _SUIT_WORDS.items():
        if token.startswith(word) and _RANK_ONLY_RE.match(token[len(word) :]):
            return make_card(suit, _RANK_ALIASES[token[len(word) :].upper()]), suit
    match = _ASCII_RE.match(token)
    if match:
        suit = _SUIT_ALIASES[match.group(2).upper()]
        return make_card(suit, _RANK_ALIASES[match.group(1).upper()]), suit
    match = _SUIT_FIRST_RE.match(token)
    if match:
        suit = _SUIT_ALIASES[match.group(1).upper()]
        return make_card(suit, _RANK_ALIASES[match.group(2).upper()]), suit
    if _RANK_ONLY_RE.match(token):
        if current_suit is None:
            raise CardParseError(token, "rank without a suit")
        return make_card(current_suit, _RANK_ALIASES[token.upper()]), current_suit
    raise CardParseError(token)


_SPLIT_RE = re.compile(r"[\s,，;、]+")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a list of cards in either notation.

    Tokens are separated by spaces or commas; a lone suit symbol (``♥ A A K``) or a
    suited card sets the suit for following bare ranks. Raises :class:`CardParseError`
    naming the first bad token.
    """
    tokens = [t for t in _SPLIT_RE.split(text) if t] if isinstance(text, str) else list(text)
    cards: list[Card] = []
    suit: int | None = None
    for token in tokens:
        stripped = token.strip()
        lone_suit = _SUIT_ONLY_RE.match(stripped)
        if lone_suit:
            suit = _SUIT_ALIASES[lone_suit.group(1)]
            continue
        card, suit = _parse_token(stripped, suit)
        cards.append(card)
    return cards


class Cards(tuple[Card, ...]):
    """Cards named in a message: ``str`` joins their names; a translation can still tell
    them from words (a joker's name is not the same in every language)."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_cards(self)


def format_cards(cards: Iterable[int], *, ascii: bool = False) -> str:
    names = _ASCII if ascii else _UNICODE
    return " ".join(names[c] for c in cards)


def to_ascii_list(cards: Iterable[int]) -> list[str]:
    """Cards in RECORD.md notation (``["AH", "10H"]``): what every JSON form uses."""
    return list(map(_ASCII.__getitem__, cards))


def counts_of(cards: Iterable[int]) -> list[int]:
    """Count vector of a card multiset, indexed by card id."""
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


def full_deck(decks: int) -> list[Card]:
    """Every card ``decks`` times, in id order (R-1.1)."""
    return [card for card in CARDS for _ in range(decks)]


def points_of(cards: Iterable[int]) -> int:
    """Point value of cards (R-1.3): 5 → 5, 10 and K → 10."""
    return sum(CARD_POINTS[c] for c in cards)
