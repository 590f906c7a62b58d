"""The fixed data of each game, read from the table at the top of RULES.md, plus the
options a room may set (R-4.4 penalties, R-8.4 等死, R-9.7 逢J必打 and J到6, the
`tractor` partner mode of R-11.1). Nothing here comes from the engine.

>>> g = Game.make("zhaopengyou")
>>> g.players, g.decks, g.hand_size, g.kitty_size, g.called_friend
(5, 3, 31, 7, True)
>>> Game.make("tractor", partner="called").called_friend
True
>>> Game.make("shandong").ladder[0], Game.make("shandong").ladder[-1]    # A … K (R-9.5)
(12, 11)
>>> Game.make("tractor", decks=3, kitty_size=6).hand_size
39
"""

from __future__ import annotations

from dataclasses import dataclass

from .order import GAMES

RANK_A, RANK_J = 12, 9
STANDARD_LADDER = tuple(range(13))  # 2 … A
SHANDONG_LADDER = (RANK_A, *range(12))  # A, 2, 3, …, K

# RULES.md table: players, decks, kitty (the usual one; rooms may change decks and kitty)
TABLE = {
    "zhaopengyou": (5, 3, 7),
    "qidong": (5, 2, 8),
    "shandong": (4, 2, 4),
    "tractor": (4, 2, 8),
}
# zhaopengyou / tractor lose 1 积分 per failed throw; qidong 5 points per card
DEFAULT_PENALTY = {"zhaopengyou": 1, "tractor": 1, "qidong": 5, "shandong": 0}


@dataclass(frozen=True)
class Game:
    """One game with its options in force."""

    name: str
    players: int
    decks: int
    kitty_size: int
    partner: str = "fixed"  # tractor only: "fixed" 「定」 or "called" 「寻」
    throw_penalty: int = 1  # 积分 per failed throw, or qidong points per card
    dengsi: bool = False  # 等死
    feng_j: bool = True  # 逢J必打
    j_to_6: bool = True  # J到6 / 双J到底

    @classmethod
    def make(cls, name: str, **options: object) -> Game:
        if name not in GAMES:
            raise ValueError(f"unknown game {name!r}")
        players, decks, kitty = TABLE[name]
        fields: dict[str, object] = {
            "name": name,
            "players": players,
            "decks": decks,
            "kitty_size": kitty,
            "throw_penalty": DEFAULT_PENALTY[name],
        }
        fields.update(options)
        return cls(**fields)  # type: ignore[arg-type]

    @property
    def hand_size(self) -> int:
        return (54 * self.decks - self.kitty_size) // self.players

    @property
    def max_width(self) -> int:
        """Tuples are at most as wide as there are copies, and triples at most (R-3.1)."""
        return min(self.decks, 3)

    @property
    def called_friend(self) -> bool:
        """「寻」: sides formed by a called card (R-9.1, R-9.2, R-11.1)."""
        return self.name in ("zhaopengyou", "qidong") or (
            self.name == "tractor" and self.partner == "called"
        )

    @property
    def individual_levels(self) -> bool:
        """R-9.5: zhaopengyou and tractor/called; qidong has no levels at all."""
        return self.name == "zhaopengyou" or (self.name == "tractor" and self.partner == "called")

    @property
    def has_levels(self) -> bool:
        return self.name != "qidong"

    @property
    def ladder(self) -> tuple[int, ...]:
        return SHANDONG_LADDER if self.name == "shandong" else STANDARD_LADDER

    @property
    def throws(self) -> bool:
        return self.name != "shandong"

    def partner_of(self, seat: int) -> int:
        """Fixed partners sit opposite (R-11.1 「定」)."""
        return (seat + self.players // 2) % self.players
