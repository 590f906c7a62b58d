"""Typed errors of the engine: every rejection names what is wrong and, for rule
violations, the rule (R-x.y of RULES.md).

Messages are English templates with named fields, so an interface can translate the
template (like a gettext msgid) and fill in the same fields.

>>> err = IllegalAction("must play all {held} cards of the led suit", rule="R-5.1", held=3)
>>> str(err)
'R-5.1: must play all 3 cards of the led suit'
>>> err.template, err.params
('must play all {held} cards of the led suit', {'held': 3})
"""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """An action that the rules do not allow now. The state is unchanged."""

    def __init__(self, template: str, rule: str | None = None, **params: Any) -> None:
        self.template = template
        self.params = params
        self.rule = rule
        self.message = template.format(**params) if params else template
        super().__init__(f"{rule}: {self.message}" if rule else self.message)


class WrongPhase(IllegalAction):
    """The action does not belong to the round's current phase."""


class NotYourTurn(IllegalAction):
    """Another seat is to act."""


class MalformedAction(IllegalAction):
    """The action object itself is broken: wrong type, bad cards, out-of-range seat."""


class InvalidOption(EngineError, ValueError):
    """An unknown preset or option, or an option value outside its domain.

    Like :class:`IllegalAction`, an English template with named fields, so that the
    command line can say it in the user's language.

    >>> err = InvalidOption("unknown preset {name!r}", name="chess")
    >>> str(err), err.template, err.params
    ("unknown preset 'chess'", 'unknown preset {name!r}', {'name': 'chess'})
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        self.message = template.format(**params) if params else template
        super().__init__(self.message)
