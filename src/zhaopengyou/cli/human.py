"""The human seat of ``zpy play``: an agent that asks the terminal for every decision.

Each prompt checks the answer against the player's own view before it reaches the
engine, so a mistake is explained (with its rule, R-x.y) and asked again; the runner's
``rejected`` hook covers the rest. Cards may be typed by name or chosen by their
position in the hand; ``auto`` (托管) lets the adviser bot play until the player types
again.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from itertools import islice

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
from ..engine.cards import _SPLIT_RE as CARD_SEPARATORS  # how parse_cards splits tokens
from ..engine.cards import NUM_KINDS
from .render import Screen, copies_elsewhere, plural

InputFn = Callable[[str], str]
TypedAhead = Callable[[], bool]  # True once the player typed a line while the bot played

# Whole words only: a lone q is the queen, typed where a card is asked for.
QUIT_WORDS = frozenset({"quit", "exit", "退出"})
HELP_WORDS = frozenset({"?", "？", "h", "help", "帮助", "幫助"})
HINT_WORDS = frozenset({"hint", "提示"})
TABLE_WORDS = frozenset({"t", "table", "牌桌"})
AUTO_WORDS = frozenset({"auto", "托管", "託管"})
COUNT_WORDS = frozenset({"count", "记牌", "記牌", "记牌器", "記牌器"})
HISTORY_WORDS = frozenset({"history", "历史", "歷史"})
SOLO_WORDS = frozenset({"solo", "独打", "獨打"})
YES_WORDS = frozenset({"y", "yes", "是", "好"})
# A position or a range of them (3-5, 3 - 5, 3–5, 3~5); NFKC has already folded －～.
POSITION = r"\d+(?:\s*[-–—~]\s*\d+)?"
POSITIONS = re.compile(rf"{POSITION}(?:[\s,，]+{POSITION})*")


class QuitGame(Exception):
    """The player asked to leave (``quit``, confirmed mid-round, or end of input)."""


class AutoPlay(Exception):
    """The player typed ``auto``: the decision being asked goes to the bot."""


def control_keys(text: str) -> bool:
    """Whether a line holds control characters, such as the escape sequence of an arrow
    key typed where no line editing runs (a pipe, a dumb terminal)."""
    return any(unicodedata.category(ch) == "Cc" and not ch.isspace() for ch in text)


def dangling_suit(text: str) -> str | None:
    """The first suit sign with no bare rank after it (``♥`` alone, ``AH ♥``), which
    ``parse_cards`` passes over in silence; ``text`` must already parse."""
    tokens = [token for token in CARD_SEPARATORS.split(text) if token]
    for token, following in zip(tokens, [*tokens[1:], None], strict=True):
        if _token_kind(token) == "suit" and (following is None or _token_kind(following) != "rank"):
            return token
    return None


def _token_kind(token: str) -> str:
    """``card``, ``suit`` (a lone suit sign) or ``rank`` (a bare rank, valid only after a
    suit) for a token of an answer that parses as a whole."""
    try:
        return "card" if parse_cards([token]) else "suit"
    except CardParseError:
        return "rank"


class HumanAgent:
    """Agent for the person at the terminal; ``input_fn(prompt)`` reads one line."""

    def __init__(
        self, screen: Screen, input_fn: InputFn, typed_ahead: TypedAhead | None = None
    ) -> None:
        self.screen = screen
        self.input_fn = input_fn
        self.typed_ahead = typed_ahead if typed_ahead is not None else lambda: False
        self.adviser = make_bot("heuristic", seed=0)
        # Bids the player already declined, so the deal does not ask again for them.
        self._declined: set[tuple[Card, ...]] = set()
        self._bid_situation: tuple[int, Phase, int] | None = None
        self._cards_dealt = 0
        self._ask_again = False

    # --- the Agent protocol ------------------------------------------------------------

    def act(self, view: View) -> Action | None:
        if self.screen.auto and self.typed_ahead():
            self.stop_auto()
        if not self.screen.auto:
            try:
                return self._decide(view)
            except AutoPlay:
                pass
        if view.phase is Phase.PLAY and view.to_act == view.seat:
            self.screen.show(view)  # the player watches the table, marked 托管
        return self.adviser.act(view)

    def start_auto(self) -> None:
        self.screen.auto = True
        self.screen.say(
            "Auto-play (托管): the bot plays for you. Press Enter to take your seat back.",
            style="bold magenta",
        )

    def stop_auto(self) -> None:
        self.screen.auto = False
        self.screen.say("Auto-play is off: your turn again.", style="bold magenta")

    def pause(self, prompt: str) -> None:
        """Wait for Enter between rounds; 托管 ends with its round, so that a player who
        walked away is not dealt into the next one."""
        if self.screen.auto:
            self.stop_auto()
        self.read(prompt)

    def _decide(self, view: View) -> Action | None:
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
        self,
        prompt: str,
        view: View | None = None,
        hint: Callable[[], str | None] | None = None,
        *,
        enter_hints: bool = False,
        suggested: str | None = None,
    ) -> str:
        """One answer, after serving help, hint, table, count and history requests; with
        ``enter_hints`` an empty line shows the suggestion (``hint`` returns it as typed)
        or, once one is shown (``suggested`` from the start), takes it. ``auto`` hands the
        decision to the bot; ``quit`` (confirmed during a round) or EOF quits."""
        screen = self.screen
        while True:
            try:
                raw = self.input_fn(prompt)
            except EOFError:
                raise QuitGame from None
            screen.resume()
            if control_keys(raw):
                screen.refuse(
                    "That line holds control keys (an arrow key?), which cannot be read "
                    "here: type the answer as text."
                )
                continue
            # NFKC folds what a Chinese input method types (ＡＳ，１０Ｈ？) to ASCII.
            answer = unicodedata.normalize("NFKC", raw).strip()
            word = answer.lower()
            if word in QUIT_WORDS:
                self._quit(view)
            elif word in HELP_WORDS:
                screen.help()
            elif enter_hints and not word and suggested is not None:
                return suggested
            elif hint is not None and (word in HINT_WORDS or (enter_hints and not word)):
                suggested = hint()
            elif word in AUTO_WORDS:
                self.start_auto()
                if view is not None:
                    raise AutoPlay
                return ""
            elif word in COUNT_WORDS and view is not None:
                screen.page(screen.counter(view))
            elif word in HISTORY_WORDS and view is not None:
                screen.page(screen.history(view))
            elif word in TABLE_WORDS and view is not None:
                screen.show(view)
            else:
                return answer

    def _quit(self, view: View | None) -> None:
        """Leave the match: at once between rounds, after a yes during one, whose play
        would be lost."""
        if view is None:
            raise QuitGame
        try:
            answer = self.input_fn(self.screen.t("Quit the match? This round is lost. (y/N) "))
        except EOFError:
            raise QuitGame from None
        if unicodedata.normalize("NFKC", answer).strip().lower() in YES_WORDS | QUIT_WORDS:
            raise QuitGame
        self.screen.say("Playing on.", style="dim")

    def _parse(self, answer: str, view: View | None = None) -> list[Card] | None:
        """The cards named in ``answer``, or chosen by position in ``view``'s hand; None
        (after saying why) when the answer cannot be read."""
        if view is not None and POSITIONS.fullmatch(answer):
            return self._positions(answer, view)
        try:
            cards = parse_cards(answer)
        except CardParseError as err:
            if err.reason == "rank without a suit":
                self._which_suit(err.token, view)
            else:
                self.screen.error(err)
            return None
        suit = dangling_suit(answer)
        if suit is not None:
            self.screen.refuse(
                "“{token}”: a suit sign needs a rank after it, as in {example}",
                token=suit,
                example=suit + "A",
            )
            return None
        return cards

    def _which_suit(self, token: str, view: View | None) -> None:
        """A bare rank with no suit before it (``Q``, ``K``): ask which suit, naming the
        cards of that rank the player holds."""
        spade = parse_cards([token + "S"])[0]  # the token is a rank: with a suit it parses
        mine = sorted({card for card in view.hand if card.rank == spade.rank}) if view else []
        if mine:
            self.screen.refuse("“{token}”: which suit? You hold {cards}", token=token, cards=mine)
        else:
            self.screen.refuse(
                "“{token}”: which suit? Write it with the rank, as in {example}",
                token=token,
                example=spade,
            )

    def _positions(self, answer: str, view: View) -> list[Card] | None:
        """Cards by their positions in the hand as shown (``3 4 7``, ``3-5``); a range
        written backwards is refused, since a mistyped range must not throw cards."""
        order = self.screen.hand_order(view)
        chosen: list[int] = []
        for token in re.findall(POSITION, answer):
            first, *last = re.split(r"\s*[-–—~]\s*", token)
            low, high = int(first), int(last[0] if last else first)
            if low > high:
                self.screen.refuse(
                    "“{range}” runs backwards: for positions {low} to {high} type {low}-{high}.",
                    range=token,
                    low=high,
                    high=low,
                )
                return None
            chosen.extend(range(low, high + 1))
        for position in chosen:
            if not 1 <= position <= len(order):
                self.screen.refuse(
                    "No card at position {position}: your hand is numbered 1 to {count}.",
                    position=position,
                    count=len(order),
                )
                return None
            if chosen.count(position) > 1:
                self.screen.refuse("Position {position} is chosen twice.", position=position)
                return None
        return [order[position - 1] for position in chosen]

    def _suggest(self, msgid: str, cards: Sequence[Card]) -> str:
        """Show a suggestion of cards; returns it as typed, for Enter to take it."""
        typed = format_cards(cards, ascii=True)
        self.screen.say(msgid, style="green", cards=tuple(cards), typed=typed)
        return typed

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
        screen.show(view)
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
            screen.note(option)
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
        screen.show(view)
        if screen.kitty:
            screen.say("The kitty you took is underlined: {cards}", cards=screen.kitty)
        prompt = screen.t(plural(size, "Bury 1 card: ", "Bury {size} cards: "), size=size)
        while True:
            answer = self.read(prompt, view, lambda: self._hint_cards(view), enter_hints=True)
            cards = self._parse(answer, view)
            if cards is None:
                continue
            error = view.burial_error(cards)
            if error is not None:
                screen.error(error)
                continue
            return Bury(tuple(cards))

    def _hint_cards(self, view: View) -> str:
        """The adviser's burial or give-back, in the prompt's own verb."""
        advice = self.adviser.act(view)
        if isinstance(advice, GiveBack):
            return self._suggest(
                "Suggestion: give back {cards} (Enter, or type {typed})", advice.cards
            )
        assert isinstance(advice, Bury)
        return self._suggest("Suggestion: bury {cards} (Enter, or type {typed})", advice.cards)

    # --- 山东升级: giving back after a 粘, swapping with the kitty (R-8.4) ----------------

    def _give_back(self, view: View) -> Action:
        screen = self.screen
        screen.show(view)
        count = view.must_give_back
        screen.say(
            "Give back {count} cards, at least one 常主 (a joker, 2, 3 or 5) (R-8.4).", count=count
        )
        prompt = screen.t(
            plural(count, "Give back 1 card: ", "Give back {count} cards: "), count=count
        )
        while True:
            answer = self.read(prompt, view, lambda: self._hint_cards(view), enter_hints=True)
            cards = self._parse(answer, view)
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
        screen.show(view)
        screen.say(
            "Trumps in the kitty: {cards}; each may be swapped for a same-rank card (R-8.4).",
            cards=view.kitty_trumps,
        )
        for number, pairs in enumerate(options, 1):
            screen.note(screen.fmt("  {number}) {swaps}", number=number, swaps=screen.swaps(pairs)))
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
        screen.show(view)
        calls = view.legal_friend_calls()
        callable_cards = [call.card for call in calls if call.card is not None]
        rule = view.preset.friend_rule
        if any(call.solo for call in calls):
            screen.say("Name the friend's card, or type solo to play alone.")
        else:
            screen.say(
                "Name the friend's card: the first player after you who holds it is "
                "your friend ({rule}).",
                rule=rule,
            )
        if callable_cards and len(callable_cards) < NUM_KINDS:  # a restricted choice: list it
            screen.say(
                "Cards you may call (held once, the twin not buried, {rule}): {cards}",
                style="green",
                cards=callable_cards,
                rule=rule,
            )
        elif not callable_cards:
            screen.say(
                "No card of yours may be called: type solo ({rule}).", style="yellow", rule=rule
            )
        prompt = screen.t("Friend card: ")
        while True:
            answer = self.read(prompt, view, lambda: self._call_hint(view), enter_hints=True)
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
                if call.card is None or not self._call_refused(view, call.card, error):
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

    def _call_refused(self, view: View, card: Card, error: IllegalAction) -> bool:
        """Say why the engine refused to let ``card`` be called: not held, held more than
        once, or its twin buried (R-9.2); False when none of these is the reason."""
        held = view.hand_counts[card]
        if not held:
            msgid = "you do not hold {card}: the friend card must be one you hold"
        elif held > 1:
            msgid = "you hold {count}× {card}: call a card you hold only once"
        elif card in view.buried:
            msgid = "the other {card} is in the kitty you buried: nobody could answer the call"
        else:
            return False
        self.screen.refuse(msgid, error.rule, card=card, count=held)
        return True

    def _call_hint(self, view: View) -> str:
        advice = self.adviser.act(view)
        assert isinstance(advice, CallFriend)
        if advice.card is None:
            self.screen.say("Suggestion: play alone (Enter, or type solo)", style="green")
            return "solo"
        return self._suggest("Suggestion: call {cards} (Enter, or type {typed})", [advice.card])

    # --- tricks (R-4, R-5) -------------------------------------------------------------

    def _play(self, view: View) -> Action:
        screen = self.screen
        screen.show(view)
        if view.is_leading:
            prompt = screen.t("Your lead: ")
        else:
            count = len(view.current[0].cards)
            prompt = screen.t(plural(count, "Play 1 card: ", "Play {count} cards: "), count=count)
        plays = list(islice(view.legal_plays(), 2))
        only = None
        if len(plays) == 1:  # nothing to choose: one key plays it
            only = self._suggest("Your only legal play: {cards} (Enter, or type {typed})", plays[0])
        while True:
            answer = self.read(
                prompt, view, lambda: self._play_hint(view), enter_hints=True, suggested=only
            )
            cards = self._parse(answer, view)
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

    def _play_hint(self, view: View) -> str:
        advice = self.adviser.act(view)
        assert isinstance(advice, Play)
        return self._suggest("Suggestion: play {cards} (Enter, or type {typed})", advice.cards)
