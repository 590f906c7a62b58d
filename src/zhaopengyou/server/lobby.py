"""The lobby: every open or playing room of the card room, whichever process runs it,
and the clients of this process that follow it.

A room's owner makes a :data:`Card` of it at each change (its summary in every language,
and a version: the lease epoch and a counter, so that an old owner's late news never
replaces a new owner's); every process keeps the newest card of every room.
"""

from __future__ import annotations

from typing import Any, Protocol

LANGS = ("zh-Hans", "zh-Hant", "en")

# {"id", "version": [epoch, n], "private", "invite_code", "status", "summary": {lang: …}}
Card = dict[str, Any]


def admits(private: bool, invite_code: str | None, code: str | None, seated: bool) -> bool:
    """A private room is found only by its code, or by id by a player seated there."""
    return not private or code == invite_code or seated


class Follower(Protocol):
    lang: str

    def send(self, message: dict[str, Any]) -> None: ...


class Lobby:
    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        self.followers: set[Follower] = set()

    def update(self, card: Card) -> bool:
        """Keep ``card`` if it is newer than the one kept, and tell the followers; a card
        whose status is ``finished`` removes the room."""
        room_id = card["id"]
        kept = self.cards.get(room_id)
        if kept is not None and tuple(kept["version"]) > tuple(card["version"]):
            return False
        if card["status"] == "finished":
            if self.cards.pop(room_id, None) is None:
                return False
        else:
            self.cards[room_id] = card
        if not card["private"]:
            for client in self.followers:
                if card["status"] == "finished":
                    client.send({"type": "lobby_room_gone", "id": room_id})
                else:
                    client.send({"type": "lobby_room", "room": card["summary"][client.lang]})
        return True

    def listing(self, lang: str) -> list[dict[str, Any]]:
        """The public rooms, open ones first."""
        cards = [c for c in self.cards.values() if not c["private"]]
        cards.sort(key=lambda c: (c["status"] != "open", c["summary"][lang]["name"]))
        return [c["summary"][lang] for c in cards]

    def summary(self, room_id: str, lang: str, code: str | None) -> dict[str, Any] | None:
        """A room's summary; a private room's only for who knows its code."""
        card = self.cards.get(room_id)
        if card is None or (card["private"] and code != card["invite_code"]):
            return None
        summary: dict[str, Any] = card["summary"][lang]
        return summary

    def follow(self, client: Follower) -> None:
        self.followers.add(client)
        client.send({"type": "lobby", "rooms": self.listing(client.lang)})

    def unfollow(self, client: Follower) -> None:
        self.followers.discard(client)
