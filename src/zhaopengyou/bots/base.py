"""What a player is to the engine: something that turns a :class:`View` into an action."""

from __future__ import annotations

from typing import Protocol

from ..engine import Action, View


class Agent(Protocol):
    """A player: sees only its own view, returns an action.

    During the deal (``view.phase is Phase.DEAL``) returning ``None`` means "no bid now".
    """

    def act(self, view: View) -> Action | None: ...
