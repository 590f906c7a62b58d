"""The human seat of ``zpy play``: an agent that asks the terminal for every decision.

Each prompt checks the answer against the player's own view before it reaches the
engine, so a mistake is explained (with its rule, R-x.y) and asked again; the runner's
``rejected`` hook covers the rest.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

from ..bots import make_bot
from ..engine import (
    Action,
    Bid,
    Bury,
    CallFriend,
    Card,
    CardParseError,
    GiveBack,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Swap,
    View,
    format_cards,
    parse_cards,
)
from .render import Screen

InputFn = Callable[[str], str]

QUIT_WORDS = frozenset({"q", "quit", "exit", "退出"})
HELP_WORDS = frozenset({"?", "？", "h", "help", "帮助", "幫助"})
HINT_WORDS = frozenset({"hint", "提示"})
TABLE_WORDS = frozenset({"t", "table", "牌桌"})
SOLO_WORDS = frozenset({"solo", "独打", "獨打"})
YES_WORDS = frozenset({"y", "yes", "是", "好"})


class QuitGame(Exception):
    """The player asked to leave (``q`` or end of input)."""


class HumanAgent:
    """Agent for the person at the terminal; ``input_fn(prompt)`` reads one line."""

    def __init__(self, screen: Screen, input_fn: InputFn) -> None:
        self.screen = screen
        self.input_fn = input_fn
        self.adviser = make_bot("heuristic", seed=0)
        self.kitty: tuple[Card, ...] = ()  # the kitty this player took, marked while burying
        # Bids the player already declined, so the deal does not ask again for them.
        self._declined: set[tuple[Card, ...]] = set()
        self._bid_situation: tuple[int, Phase, int] | None = None
        self._cards_dealt = 0
        self._ask_again = False

    # --- the Agent protocol ------------------------------------------------------------

    def act(self, view: View) -> Action | None:
        if view.must_give_back:  # 山东 粘: before anything else
            return self._give_back(view)
        if view.phase in (Phase.DEAL, Phase.BID):
            return self._bid(view)
        if view.phase is Phase.BURY:
            return self._bury(view)
        if view.phase is Phase.SWAP:
            return self._swap(view)
        if view.phase is Phase.CALL:
            return self._call_friend(view)
        return self._play(view)

    def rejected(self, view: View, error: IllegalAction) -> None:
        self.screen.error(error)
        self._ask_again = view.phase in (Phase.DEAL, Phase.BID)  # else act asks anyway

    # --- reading -----------------------------------------------------------------------

    def read(
        self, prompt: str, view: View | None = None, hint: Callable[[], None] | None = None
    ) -> str:
        """One answer, after serving help, hint and table requests; q or EOF quits."""
        while True:
            try:
                # NFKC folds what a Chinese input method types (ＡＳ，１０Ｈ？) to ASCII.
                answer = unicodedata.normalize("NFKC", self.input_fn(prompt)).strip()
            except EOFError:
                raise QuitGame from None
            word = answer.lower()
            if word in QUIT_WORDS:
                raise QuitGame
            if word in HELP_WORDS:
                self.screen.help()
            elif word in HINT_WORDS and hint is not None:
                hint()
            elif word in TABLE_WORDS and view is not None and view.phase is Phase.PLAY:
                self.screen.show(view)
            elif word in TABLE_WORDS and view is not None:
                self._show_hand(view)
            else:
                return answer

    def _parse(self, answer: str) -> list[Card] | None:
        try:
            return parse_cards(answer)
        except CardParseError as err:
            self.screen.error(err)
            return None

    def _show_hand(self, view: View) -> None:
        self.screen.console.print(self.screen.hand(view, self.kitty))

    def _suggest(self, msgid: str, cards: Sequence[Card]) -> None:
        typed = format_cards(cards, ascii=True)
        self.screen.say(msgid, style="green", cards=tuple(cards), typed=typed)

    # --- bidding (R-8) -----------------------------------------------------------------

    def _bid(self, view: View) -> Action | None:
        closing = view.phase is Phase.BID
        no_bid: Action | None = Pass() if closing else None
        bids = view.legal_bids()
        if not bids:
            return no_bid
        situation = (view.round_number, view.phase, len(view.bids))
        if situation != self._bid_situation or view.cards_dealt < self._cards_dealt:
            self._declined.clear()  # a new bid, a new phase, a new round or a redeal
        self._bid_situation = situation
        self._cards_dealt = view.cards_dealt
        if not self._ask_again and all(bid.cards in self._declined for bid in bids):
            return no_bid  # nothing new to offer since the player said no
        self._ask_again = False
        screen = self.screen
        self._show_hand(view)
        if view.bids:
            standing = view.bids[-1]
            screen.say(
                "Standing bid: {name} {cards}",
                name=screen.names[standing.seat],
                cards=standing.cards,
            )
        else:
            screen.say("Nobody has bid yet.")
        if not closing:
            screen.say(
                "Cards dealt: {dealt} of {total}",
                style="dim",
                dealt=view.cards_dealt,
                total=view.preset.players * view.preset.hand_size,
            )
        for number, bid in enumerate(bids, 1):
            option = screen.fmt("  {number}) {cards}", number=number, cards=bid.cards)
            if bid.bid_kind is not None:
                option.append("  " + screen.declaration(bid.bid_kind), style="magenta")
            screen.console.print(option)
        prompt = screen.t(
            "Bid? Number or cards, Enter to pass: "
            if closing
            else "Bid? Number or cards, Enter for no bid now: "
        )
        while True:
            answer = self.read(prompt, view, lambda: self._bid_hint(view))
            if not answer:
                self._declined.update(bid.cards for bid in bids)
                return no_bid
            if answer.isdigit():
                if 1 <= int(answer) <= len(bids):
                    return bids[int(answer) - 1]
                screen.say("Choose a number from 1 to {count}.", style="red", count=len(bids))
                continue
            cards = self._parse(answer)
            if cards:
                typed = sorted(cards)
                offered = next((bid for bid in bids if sorted(bid.cards) == typed), None)
                # A listed bid keeps its kind (山东 亮/顶); the engine explains any other.
                return offered if offered is not None else Bid(tuple(cards))
            if cards is not None:
                screen.say("Choose a number from 1 to {count}.", style="red", count=len(bids))

    def _bid_hint(self, view: View) -> None:
        advice = self.adviser.act(view)
        if isinstance(advice, Bid):
            self._suggest("Suggestion: bid {cards} (type {typed})", advice.cards)
        else:
            self.screen.say("Suggestion: no bid", style="green")

    # --- the kitty (R-7.1) -------------------------------------------------------------

    def _bury(self, view: View) -> Action:
        screen = self.screen
        size = view.preset.kitty_size
        screen.console.print(screen.header(view))
        self._show_hand(view)
        if self.kitty:
            screen.say("The kitty you took is underlined: {cards}", cards=self.kitty)
        prompt = screen.t("Bury {size} cards: ", size=size)
        while True:
            answer = self.read(prompt, view, lambda: self._hint_cards(view))
            cards = self._parse(answer)
            if cards is None:
                continue
            error = view.burial_error(cards)
            if error is not None:
                screen.error(error)
                continue
            return Bury(tuple(cards))

    def _hint_cards(self, view: View) -> None:
        """The adviser's burial or give-back, ready to type."""
        advice = self.adviser.act(view)
        assert isinstance(advice, Bury | GiveBack)
        self._suggest("Suggestion: {cards} (type {typed})", advice.cards)

    # --- 山东升级: giving back after a 粘, swapping with the kitty (R-8.4) ----------------

    def _give_back(self, view: View) -> Action:
        screen = self.screen
        self._show_hand(view)
        count = view.must_give_back
        screen.say(
            "Give back {count} cards, at least one 常主 (a joker, 2, 3 or 5) (R-8.4).", count=count
        )
        prompt = screen.t("Give back {count} cards: ", count=count)
        while True:
            answer = self.read(prompt, view, lambda: self._hint_cards(view))
            cards = self._parse(answer)
            if cards is None:
                continue
            error = view.give_back_error(cards)
            if error is not None:
                screen.error(error)
                continue
            return GiveBack(tuple(cards))

    def _swap(self, view: View) -> Action:
        options = view.legal_swaps()[1:]  # the first is "no swap"
        if not options:
            return Swap()
        screen = self.screen
        screen.console.print(screen.header(view))
        self._show_hand(view)
        screen.say(
            "Trumps in the kitty: {cards}; each may be swapped for a same-rank card (R-8.4).",
            cards=view.kitty_trumps,
        )
        for number, pairs in enumerate(options, 1):
            screen.console.print(
                screen.fmt("  {number}) {swaps}", number=number, swaps=screen.swaps(pairs))
            )
        prompt = screen.t("Swap? Number, Enter for no swap: ")
        while True:
            answer = self.read(prompt, view, lambda: self._swap_hint(view, options))
            if not answer:
                return Swap()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return Swap(options[int(answer) - 1])
            screen.say("Choose a number from 1 to {count}.", style="red", count=len(options))

    def _swap_hint(self, view: View, options: Sequence[tuple[tuple[Card, Card], ...]]) -> None:
        advice = self.adviser.act(view)
        assert isinstance(advice, Swap)
        if advice.pairs:
            number = options.index(advice.pairs) + 1
            self.screen.say("Suggestion: option {number}", style="green", number=number)
        else:
            self.screen.say("Suggestion: no swap", style="green")

    # --- the friend (R-9.1) ------------------------------------------------------------

    def _call_friend(self, view: View) -> Action:
        screen = self.screen
        screen.console.print(screen.header(view))
        self._show_hand(view)
        if any(call.solo for call in view.legal_friend_calls()):
            screen.say("Name the friend's card, or type solo to play alone.")
        else:
            screen.say(
                "Name the friend's card: the first player after you who holds it is "
                "your friend (R-9.1)."
            )
        prompt = screen.t("Friend card: ")
        while True:
            answer = self.read(prompt, view, lambda: self._call_hint(view))
            if answer.lower() in SOLO_WORDS:
                call = CallFriend(solo=True)
            else:
                cards = self._parse(answer)
                if cards is None:
                    continue
                if len(cards) != 1:
                    screen.say("Name exactly one card.", style="red")
                    continue
                call = CallFriend(cards[0])
            error = view.preset.friend_call_error(view.hand_counts, view.buried, call)
            if error is not None:
                screen.error(error)
                continue
            if call.card is not None and copies_elsewhere(view, call.card) == 0:
                screen.say(
                    "No other hand holds {card}: you would play alone.",
                    style="yellow",
                    card=call.card,
                )
                if self.read(screen.t("Call it anyway? (y/n) "), view).lower() not in YES_WORDS:
                    continue
            return call

    def _call_hint(self, view: View) -> None:
        advice = self.adviser.act(view)
        assert isinstance(advice, CallFriend)
        if advice.card is None:
            self.screen.say("Suggestion: play alone (type solo)", style="green")
        else:
            self._suggest("Suggestion: call {cards} (type {typed})", [advice.card])

    # --- tricks (R-4, R-5) -------------------------------------------------------------

    def _play(self, view: View) -> Action:
        screen = self.screen
        screen.show(view)
        if view.is_leading:
            prompt = screen.t("Your lead: ")
        else:
            prompt = screen.t("Play {count} card(s): ", count=len(view.current[0].cards))
        while True:
            answer = self.read(prompt, view, lambda: self._play_hint(view))
            cards = self._parse(answer)
            if cards is None:
                continue
            if not cards:
                screen.say("Type the cards to play (? for help).", style="red")
                continue
            error = view.play_error(cards)
            if error is not None:
                screen.error(error)
                continue
            return Play(tuple(cards))

    def _play_hint(self, view: View) -> None:
        advice = self.adviser.act(view)
        assert isinstance(advice, Play)
        self._suggest("Suggestion: {cards} (type {typed})", advice.cards)


def copies_elsewhere(view: View, card: Card) -> int:
    """Copies of ``card`` that are neither in this hand nor buried by it (R-9.1)."""
    return view.preset.decks - view.hand_counts[card] - view.buried.count(card)
