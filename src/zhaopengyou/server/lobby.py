"""The lobby: every open or playing room of the card room, whichever process runs it,
and the clients of this process that follow it.

A room's owner makes a :data:`Card` of it at each change (its summary in every language,
and a version: the lease epoch and a counter, so that an old owner's late news never
replaces a new owner's); every process keeps the newest card of every room.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import TypeAdapter

from . import protocol as p

LANGS = ("zh-Hans", "zh-Hant", "en")
SUMMARY: TypeAdapter[p.RoomSummary] = TypeAdapter(p.RoomSummary)  # a card from another process

# {"id", "version": [epoch, n], "private", "invite_code", "status", "summary": {lang: …}}
Card = dict[str, Any]


def admits(private: bool, invite_code: str | None, code: str | None, seated: bool) -> bool:
    """A private room is found only by its code, or by id by a player seated there."""
    return not private or code == invite_code or seated


class Follower(Protocol):
    lang: str

    def send(self, message: p.Sent) -> None: ...

    def send_text(self, text: str, meta: p.Meta) -> None: ...


class Lobby:
    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        self.summaries: dict[str, dict[str, p.RoomSummary]] = {}  # by room, by language
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
            del self.summaries[room_id]
        else:
            self.cards[room_id] = card
            self.summaries[room_id] = {
                lang: SUMMARY.validate_python(card["summary"][lang]) for lang in LANGS
            }
        if not card["private"] and self.followers:
            told = {lang: p.packed(self._news(room_id, lang)) for lang in LANGS}  # once for all
            for client in self.followers:
                client.send_text(*told[client.lang])
        return True

    def _news(self, room_id: str, lang: str) -> p.LobbyRoom | p.LobbyRoomGone:
        summaries = self.summaries.get(room_id)
        if summaries is None:
            return p.LobbyRoomGone(type="lobby_room_gone", id=room_id)
        return p.LobbyRoom(type="lobby_room", room=summaries[lang])

    def listing(self, lang: str) -> list[p.RoomSummary]:
        """The public rooms, open ones first."""
        rooms = [self.summaries[c["id"]][lang] for c in self.cards.values() if not c["private"]]
        rooms.sort(key=lambda room: (room["status"] != "open", room["name"]))
        return rooms

    def summary(self, room_id: str, lang: str, code: str | None) -> p.RoomSummary | None:
        """A room's summary; a private room's only for who knows its code."""
        card = self.cards.get(room_id)
        if card is None or (card["private"] and code != card["invite_code"]):
            return None
        return self.summaries[room_id][lang]

    def follow(self, client: Follower) -> None:
        self.followers.add(client)
        client.send(p.LobbyRooms(type="lobby", rooms=self.listing(client.lang)))

    def unfollow(self, client: Follower) -> None:
        self.followers.discard(client)
