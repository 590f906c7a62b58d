"""What a player is to the engine: something that turns a :class:`View` into an action."""

from __future__ import annotations

from typing import Protocol

from ..engine import Action, IllegalAction, View


class Agent(Protocol):
    """A player: sees only its own view, returns an action.

    During the deal (``view.phase is Phase.DEAL``) returning ``None`` means "no bid now".
    """

    def act(self, view: View) -> Action | None: ...


class RejectionAware(Protocol):
    """Agents that want to hear why the engine refused their action (humans)."""

    def rejected(self, view: View, error: IllegalAction) -> None: ...
