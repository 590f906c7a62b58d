"""A room and its collaborators: the actor (:class:`Room`), the seats (:class:`Seating`),
the driver of bots and clocks (:class:`Driver`) and the :class:`Publisher`."""

from .actor import Gone, Room, finished_summary, room_summary
from .driver import Driver
from .publisher import Member, Publisher
from .seating import Client, Refused, Seat, Seating
from .settings import PHRASES, Settings

__all__ = [
    "PHRASES",
    "Client",
    "Driver",
    "Gone",
    "Member",
    "Publisher",
    "Refused",
    "Room",
    "Seat",
    "Seating",
    "Settings",
    "finished_summary",
    "room_summary",
]
