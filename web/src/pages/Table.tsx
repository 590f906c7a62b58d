// The card table: seats, hand, tricks and every decision of a round, for players and spectators.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { api, rememberTable, takeStart, type Localized, type RoomInfo } from "../api";
import { CardFace } from "../CardFace";
import { cardLabel, cardsLabel, effectiveSuit, sortCards, SUIT_SYMBOL, type EffectiveSuit, type Suit } from "../cards";
import { format, pick, tr, useLang, useT, type Lang, type Msg } from "../i18n";
import { countProblem, followProblem, leadProblem, PROBLEMS, SUIT_NAMES, type Problem } from "../logic/select";
import { cardCounter } from "../logic/counter";
import { playerName, presetName, seatLabel } from "../names";
import { go, href } from "../route";
import { useSession } from "../session";
import { chime, setSound, soundOn } from "../sound";
import type { ServerMessage } from "../ws";
import { INITIAL, reduce, tablePhase, type TableState } from "./table/state";
import { kittyText, winnersText } from "./table/result";
import { T } from "./table/text";
import type { BidChoice, FriendChoice, GameEvent, RoundOver, ViewMessage } from "./table/types";
import "./table/table.css";

interface Props {
  roomId: string;
  watch: boolean;
}

type Action = { message: ServerMessage; at: number } | { reset: true };

function reducer(state: TableState, action: Action): TableState {
  if ("reset" in action) return INITIAL;
  return reduce(state, action.message, action.at);
}

/** Hand cards with a stable key per copy, so a selection survives re-sorting. */
function keyed(cards: string[]): { card: string; key: string }[] {
  const seen = new Map<string, number>();
  return cards.map((card) => {
    const n = seen.get(card) ?? 0;
    seen.set(card, n + 1);
    return { card, key: `${card}#${n}` };
  });
}

const BANNER_MS = 3500;

/** Seat positions around the felt, by offset from the viewer (play goes to the right, R-1.2). */
const POSITIONS: Record<number, string[]> = {
  4: ["bottom", "right", "top", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],
};

function suitText(suit: string | null, t: (msg: Msg) => string): string {
  if (suit === null) return t(T.noTrump);
  if (suit === "hidden") return t(T.trumpHidden);
  return SUIT_SYMBOL[suit as Suit] ?? suit;
}

/** The header's trump: decided, the standing bid while bids are made, or not yet. */
function trumpText(view: ViewMessage["view"], t: (msg: Msg, params?: Record<string, string | number>) => string, lang: Lang): string {
  const standing = view.bids.length > 0 ? view.bids[view.bids.length - 1] : null;
  if (view.trump_suit === "hidden" && view.banker === null && standing) return t(T.trumpBidding, { cards: cardsLabel(standing.cards, lang) });
  if (view.banker === null && view.phase !== "play" && (view.trump_suit === null || view.trump_suit === "hidden") && !standing) return t(T.trumpUnknown);
  return suitText(view.trump_suit, t);
}

export function Table({ roomId, watch }: Props) {
  const session = useSession();
  const { connection, account } = session;
  const lang = useLang();
  const t = useT();
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [selected, setSelected] = useState<string[]>([]);
  const [hinted, setHinted] = useState<{ bid?: BidChoice; friend?: FriendChoice; pass?: boolean; none?: boolean } | null>(null);
  const [kittyPicks, setKittyPicks] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [focus, setFocus] = useState(0);
  const [phrases, setPhrases] = useState<Record<string, Localized>>({});
  const [showResult, setShowResult] = useState(true);
  const [now, setNow] = useState(() => performance.now());
  const [tab, setTab] = useState<"counter" | "log" | "chat" | "standings">("counter");
  const [sound, setSoundState] = useState(soundOn);
  const [peek, setPeek] = useState(false); // 上一轮: the last trick shown on the felt
  const [banner, setBanner] = useState<GameEvent | null>(null);

  // A visitor who follows a link to a table gets a guest account first.
  useEffect(() => {
    if (!account && !session.connection) void session.ensureAccount();
  }, [account, session]);

  useEffect(() => {
    api.presets().then((p) => setPhrases(p.phrases), () => undefined);
  }, []);

  // Join (or watch) now and after every reconnect, asking only for the events we lack.
  useEffect(() => {
    if (!connection) return;
    const target = /^\d{6}$/.test(roomId) ? { code: roomId } : { room: roomId };
    const enter = () => {
      const current = stateRef.current;
      if (current.seriesOver) return; // the room is closed: its result stays on screen
      const since = current.round != null ? { round: current.round, seq: current.seq } : null;
      connection.send({ type: watch ? "watch" : "join", ...target, since });
    };
    const stopMessages = connection.onMessage((message) => dispatch({ message, at: performance.now() }));
    const stopStatus = connection.onStatus((status) => status === "open" && enter());
    if (connection.status === "open") enter();
    return () => {
      stopMessages();
      stopStatus();
    };
  }, [connection, roomId, watch]);

  // A room that is gone may be one whose series is over: its final standings, not an error.
  const [finished, setFinished] = useState<RoomInfo | null>(null);
  const gone = !state.room && state.error?.code === "no_room" && !/^\d{6}$/.test(roomId);
  useEffect(() => {
    if (!gone) return;
    let current = true;
    api.room(roomId, lang).then(
      (info) => current && info.room.status === "finished" && setFinished(info),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [gone, roomId, lang]);

  // A private room opened by its code gets its real id in the address.
  useEffect(() => {
    const id = state.room?.room.id;
    if (id && id !== roomId) history.replaceState(null, "", href({ page: "room", id, watch }));
  }, [state.room?.room.id, roomId, watch]);

  // 快速开始: the player is ready as soon as the seat is taken.
  const seatedOpen = state.room?.room.status === "open" && state.room.you?.seat != null ? state.room.room.id : null;
  useEffect(() => {
    if (seatedOpen && takeStart(seatedOpen)) connection?.send({ type: "ready", ready: true });
  }, [seatedOpen, connection]);

  // A seat held here is offered back by the lobby if the tab is closed.
  const heldRoom = state.room?.you?.seat != null ? state.room.room.id : null;
  useEffect(() => {
    if (heldRoom) rememberTable(heldRoom);
  }, [heldRoom]);

  // The turn clock.
  useEffect(() => {
    if (state.deadline === null) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [state.deadline]);

  // The moments nobody may miss get a banner on the felt for a few seconds (and a chime).
  useEffect(() => {
    if (!state.banner) return;
    setBanner(state.banner);
    chime();
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [state.banner]);

  // 上一轮 goes back to the trick in play as soon as another trick is won.
  useEffect(() => setPeek(false), [state.tricks.length]);

  // A round result updates the account's 积分 and title in the header.
  const refresh = session.refreshAccount;
  useEffect(() => {
    if (state.roundOver) {
      setShowResult(true);
      void refresh();
    }
  }, [state.roundOver, refresh]);

  const view = state.view?.view ?? null;
  const suits = state.view?.suits ?? null;
  const mySeat = state.room?.you?.seat ?? null;
  const room = state.room?.room ?? null;
  const players = room?.seats.length ?? 4;
  const may = useMemo(() => new Set(view && view.seat === mySeat ? view.may : []), [view, mySeat]);
  const phase = tablePhase(state);
  const hand = useMemo(
    () => keyed(sortCards(state.hand, suits, view?.level_rank ?? null)),
    [state.hand, suits, view?.level_rank],
  );
  // While burying, the cards that came from the kitty stand out (one hand copy for each).
  const burying = view?.phase === "bury" || view?.phase === "swap";
  const fresh = useMemo(() => {
    const keys = new Set<string>();
    if (!burying) return keys;
    for (const card of state.fromKitty) {
      const copy = [...hand].reverse().find((entry) => entry.card === card && !keys.has(entry.key));
      if (copy) keys.add(copy.key);
    }
    return keys;
  }, [burying, state.fromKitty, hand]);
  const selectedCards = useMemo(() => {
    const chosen = new Set(selected);
    return hand.filter((entry) => chosen.has(entry.key)).map((entry) => entry.card);
  }, [hand, selected]);

  // A new decision to make starts with a clean selection.
  const decisionKey = `${state.round}:${view?.phase}:${view?.to_act}:${view?.tricks.length ?? 0}:${view?.current.length ?? 0}:${view?.must_give_back}`;
  useEffect(() => {
    setSelected([]);
    setHinted(null);
    setKittyPicks([]);
  }, [decisionKey]);

  const name = useCallback(
    (seat: number | null | undefined) => {
      if (seat == null || !room) return "?";
      const base = room.seats[seat]?.name || seatLabel(seat, lang);
      return seat === mySeat ? t(T.nameYou, { name: playerName(base, lang) }) : playerName(base, lang);
    },
    [room, lang, mySeat, t],
  );

  // --- what the selection would do, and whether the client can already see it is wrong ---

  const leading = view !== null && view.current.length === 0;
  let submitKind: "play" | "bury" | "give_back" | "swap" | null = null;
  if (may.has("give_back")) submitKind = "give_back";
  else if (may.has("bury")) submitKind = "bury";
  else if (may.has("swap")) submitKind = "swap";
  else if (may.has("play")) submitKind = "play";

  let problem: Problem | null = null;
  if (view && submitKind === "play") {
    if (leading) problem = leadProblem(selectedCards, suits);
    else {
      const leadCount = view.current[0].cards.length;
      problem = followProblem(
        selectedCards,
        state.hand,
        leadCount,
        (view.lead_suit ?? "trump") as EffectiveSuit,
        view.lead_shapes,
        suits,
      );
    }
  } else if (view && submitKind === "bury") {
    problem = countProblem(selectedCards, state.view?.kitty_size ?? 0, PROBLEMS.bury);
  } else if (view && submitKind === "give_back") {
    problem = countProblem(selectedCards, view.must_give_back, PROBLEMS.giveBack);
  } else if (view && submitKind === "swap" && selectedCards.length !== kittyPicks.length) {
    problem = { msg: T.swapPrompt };
  }
  const problemText = problem
    ? tr(problem.msg, lang, { ...problem.params, ...(problem.suit ? { suit: tr(SUIT_NAMES[problem.suit], lang) } : {}) })
    : null;

  const sendAction = useCallback(
    async (action: Record<string, unknown>) => {
      if (!connection || sending) return;
      setSending(true);
      try {
        await connection.request({ type: "action", action, round: stateRef.current.round });
      } catch {
        // The error message is in the state (shown below the buttons).
      } finally {
        setSending(false);
      }
    },
    [connection, sending],
  );

  const submit = useCallback(() => {
    if (!submitKind || problem) return;
    if (submitKind === "play") void sendAction({ kind: "play", cards: selectedCards, units: null });
    else if (submitKind === "bury") void sendAction({ kind: "bury", cards: selectedCards });
    else if (submitKind === "give_back") void sendAction({ kind: "give_back", cards: selectedCards });
    else if (submitKind === "swap")
      void sendAction({ kind: "swap", pairs: selectedCards.map((card, i) => [card, kittyPicks[i]]) });
  }, [submitKind, problem, selectedCards, kittyPicks, sendAction]);

  const selectCards = useCallback(
    (cards: string[]) => {
      const wanted = [...cards];
      const keys: string[] = [];
      for (const entry of hand) {
        const at = wanted.indexOf(entry.card);
        if (at >= 0) {
          wanted.splice(at, 1);
          keys.push(entry.key);
        }
      }
      setSelected(keys);
    },
    [hand],
  );

  const hint = useCallback(async () => {
    if (!connection) return;
    try {
      const answer = await connection.request({ type: "hint" });
      if (answer.type !== "hint") return;
      const action = answer.action;
      if (!action) return setHinted({ none: true });
      if (action.kind === "play" || action.kind === "bury" || action.kind === "give_back") selectCards(action.cards);
      else if (action.kind === "bid") setHinted({ bid: { cards: action.cards, bid_kind: action.bid_kind } });
      else if (action.kind === "call_friend") setHinted({ friend: { card: action.card, solo: action.solo } });
      else if (action.kind === "pass") setHinted({ pass: true });
      else if (action.kind === "swap") {
        const pairs = action.pairs;
        selectCards(pairs.map((pair) => pair[0]));
        setKittyPicks(pairs.map((pair) => pair[1]));
      }
    } catch {
      // shown from the state's error
    }
  }, [connection, selectCards]);

  const toggle = useCallback((key: string) => {
    setSelected((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  }, []);

  // Drag across cards to select (or unselect) several at once.
  const drag = useRef<{ adding: boolean } | null>(null);
  useEffect(() => {
    const stop = () => (drag.current = null);
    window.addEventListener("mouseup", stop);
    return () => window.removeEventListener("mouseup", stop);
  }, []);

  const mine = mySeat !== null;
  const trustee = mine && room ? room.seats[mySeat].auto : false;
  const setTrustee = useCallback(
    (on: boolean) => connection?.send({ type: "trustee", on }),
    [connection],
  );

  // Keyboard: Enter submits, H hints, Esc clears, arrows and space pick cards, T toggles 托管.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
      if (event.key === "Enter") submit();
      else if (event.key === "h" || event.key === "H") void hint();
      else if (event.key === "Escape") setSelected([]);
      else if (event.key === "t" || event.key === "T") setTrustee(!trustee);
      else if (event.key === "ArrowRight") setFocus((f) => Math.min(hand.length - 1, f + 1));
      else if (event.key === "ArrowLeft") setFocus((f) => Math.max(0, f - 1));
      else if (event.key === " " && hand[focus]) toggle(hand[focus].key);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [submit, hint, trustee, setTrustee, hand, focus, toggle]);

  // --- the room before and between rounds ---

  if (!room) {
    return (
      <div className="table-page" data-testid="table" data-phase={phase} data-my-seat="" data-to-act="" data-may="" data-round="">
        {finished ? (
          <FinishedRoom info={finished} />
        ) : state.error ? (
          <JoinError
            error={state.error.message}
            // Watching helps at a full table or a series in play, not where there is no room.
            onWatch={watch || state.error.code === "no_room" ? null : () => go({ page: "room", id: roomId, watch: true })}
          />
        ) : (
          <p>{t(T.connecting)}</p>
        )}
      </div>
    );
  }

  const positions = POSITIONS[players] ?? POSITIONS[4];
  const viewer = mySeat ?? 0;
  const position = (seat: number) => positions[(seat - viewer + players) % players];
  const standings = state.room?.standings ?? null;
  const levels = view?.levels ?? standings?.levels ?? null;
  const toAct = view?.to_act ?? null;
  // `now` ticks only while a clock runs: a new turn's clock starts from when it was heard of.
  const secondsLeft = state.deadline === null ? null : Math.max(0, Math.ceil((state.deadline - Math.max(now, state.clockFrom)) / 1000));
  const friendKnown = view?.friend ?? null;
  const partnerOf = (seat: number) => (room.mode === "ding" && view?.banker != null && (seat - view.banker + players) % players === 2 ? true : false);
  const lastTrick = state.tricks.length > 0 ? state.tricks[state.tricks.length - 1] : null;
  const totalCards = (state.view?.decks ?? 2) * 54;
  const kittySize = state.view?.kitty_size ?? 0;
  const seriesRunning = room.status === "playing";

  const leave = () => {
    if (seriesRunning && mine) {
      const left = room.rounds - room.rounds_played;
      if (!confirm(tr(T.leaveConfirm, lang, { n: left * room.settings.quit_penalty }))) return;
    }
    connection?.send({ type: "leave" });
    go({ page: "lobby" });
  };

  return (
    <div
      className={`table-page players-${players}`}
      data-testid="table"
      data-phase={phase}
      data-my-seat={mySeat ?? ""}
      data-to-act={toAct ?? ""}
      data-may={[...may].join(" ")}
      data-round={state.round ?? ""}
    >
      <div className="table-info">
        <strong>{room.name}</strong>
        <span>{presetName(room.preset, lang)}</span>
        {state.round != null && <span>{t(T.roundOf, { n: state.round, total: room.rounds })}</span>}
        {view?.level_rank && <span>{t(T.level, { rank: view.level_rank })}</span>}
        {view && (
          <span data-testid="trump">
            {t(T.trump)}: {trumpText(view, t, lang)}
          </span>
        )}
        {view?.friend_call && (
          <span data-testid="called-card">
            {t(T.called)}: {cardLabel(view.friend_call, lang)}
          </span>
        )}
        {view?.solo && <span>{t(T.solo)}</span>}
        {room.invite_code && <span className="invite">{t(T.invite, { code: room.invite_code })}</span>}
        {!mine && <span className="badge">{t(T.spectator)}</span>}
        <span className="muted">{t(T.spectators, { n: room.spectators })}</span>
        <span className="spacer" />
        {mine && (
          <button type="button" className={`btn ${trustee ? "primary" : ""}`} data-testid="trustee" aria-pressed={trustee} onClick={() => setTrustee(!trustee)}>
            {trustee ? t(T.trusteeOff) : t(T.trustee)}
          </button>
        )}
        <button
          type="button"
          className="btn"
          data-testid="sound"
          aria-pressed={sound}
          onClick={() => {
            setSound(!sound);
            setSoundState(!sound);
          }}
        >
          {sound ? t(T.soundOn) : t(T.soundOff)}
        </button>
        <button type="button" className="btn" data-testid="leave" onClick={leave}>
          {t(T.leave)}
        </button>
      </div>

      <div className="felt">
        {room.seats.map((seat, index) => {
          const count = state.handSizes[index] ?? 0;
          const isBanker = view?.banker === index;
          const isFriend = friendKnown === index || (partnerOf(index) && view?.banker != null);
          return (
            <div
              key={index}
              className={`seat pos-${position(index)} ${toAct === index ? "acting" : ""}`}
              data-testid={`seat-${index}`}
              data-hand-count={count}
            >
              <div className="seat-name">
                <span className="seat-no">{index + 1}</span>
                {seat.name ? playerName(seat.name, lang) : <em>{t(T.empty)}</em>}
                {index === mySeat && <small> ({t(T.you)})</small>}
              </div>
              <div className="seat-badges">
                {isBanker && <span className="badge banker">{t(T.banker)}</span>}
                {isFriend && <span className="badge friend">{room.mode === "ding" ? t(T.partner) : t(T.friend)}</span>}
                {seat.bot && <span className="badge">{t(T.bot)}</span>}
                {seat.auto && !seat.bot && <span className="badge">{t(T.auto)}</span>}
                {seat.quit && <span className="badge warn">{t(T.quit)}</span>}
                {!seat.bot && seat.account !== null && !seat.connected && <span className="badge warn">{t(T.offline)}</span>}
                {room.status === "open" && seat.ready && !seat.bot && <span className="badge ok">✓</span>}
              </div>
              <div className="seat-meta">
                {levels && <span>{t(T.level, { rank: levels[index] })}</span>}
                {seat.title && <span className="muted">{seat.title}</span>}
                {state.round != null && <span>{t(T.cards, { n: count })}</span>}
                {view && view.points_won[index] > 0 && <span className="points">{t(T.pointsOf, { n: view.points_won[index] })}</span>}
                {toAct === index && secondsLeft !== null && <span className="clock">{t(T.seconds, { n: secondsLeft })}</span>}
              </div>
              {room.status === "open" && !seat.name && (
                <div className="seat-actions">
                  {!mine && (
                    <button type="button" className="btn" onClick={() => connection?.send({ type: "join", room: room.id, seat: index })}>
                      {t(T.sit)}
                    </button>
                  )}
                  {mine && (
                    <button type="button" className="btn" data-testid="add-bot" onClick={() => connection?.send({ type: "add_bot", seat: index })}>
                      {t(T.addBot)}
                    </button>
                  )}
                </div>
              )}
              {room.status === "open" && seat.bot && mine && (
                <button type="button" className="btn small" data-testid="remove-bot" onClick={() => connection?.send({ type: "add_bot", seat: index, remove: true })}>
                  {t(T.removeBot)}
                </button>
              )}
            </div>
          );
        })}

        <div className="center" data-testid="trick">
          {room.status === "open" && <WaitingPanel state={state} mySeat={mySeat} send={(m) => connection?.send(m)} />}
          {view?.phase === "deal" && <div className="deal-progress">{t(T.dealing, { n: state.dealt, total: totalCards - kittySize })}</div>}
          {(peek && lastTrick ? lastTrick.plays : (view?.current ?? [])).map((play) => (
            <div key={play.seat} className={`trick-play pos-${position(play.seat)}`} data-testid="trick-play" data-seat={play.seat}>
              <div className="cards-row tight">
                {play.cards.map((card, i) => (
                  <CardFace key={i} card={card} small label={cardLabel(card, lang)} />
                ))}
              </div>
            </div>
          ))}
          {state.failedThrow && view?.phase === "play" && (
            <div className="throw-failed" data-testid="throw-failed">
              {eventText(state.failedThrow, name, lang, t)}
            </div>
          )}
          {banner && (
            <div className="felt-banner" data-testid="felt-banner" role="status">
              {banner.kind === "kitty_revealed"
                ? t(T.kouDi, { points: banner.points, mult: banner.multiplier })
                : t(T.friendShows, { name: "seat" in banner ? name(banner.seat) : "?" })}
            </div>
          )}
          {peek && lastTrick && <div className="peek-label">{t(T.peekLast)} · {t(T.wonBy, { name: name(lastTrick.winner), points: lastTrick.points })}</div>}
          {view?.phase === "play" && lastTrick && (
            <button type="button" className="btn small peek" data-testid="peek-last" aria-pressed={peek} onClick={() => setPeek(!peek)}>
              {peek ? t(T.peekBack) : t(T.peekLast)}
            </button>
          )}
          {!peek && view && view.phase === "play" && view.current.length === 0 && lastTrick && (
            <div className="trick-done muted">{t(T.wonBy, { name: name(lastTrick.winner), points: lastTrick.points })}</div>
          )}
        </div>
      </div>

      <ScoreLine state={state} name={name} />

      <div className="controls">
        {toAct !== null && state.round != null && (
          <span className={`turn ${toAct === mySeat ? "mine" : ""}`}>
            {toAct === mySeat ? t(T.yourTurn) : t(T.toAct, { name: name(toAct) })}
            {secondsLeft !== null && ` · ${t(T.seconds, { n: secondsLeft })}`}
          </span>
        )}
        {view && <span className="muted">{t(T.phase[view.phase] ?? T.phase.play)}</span>}
        {mine && state.view && state.view.choices.bids.length > 0 && (
          <span className="bids">
            {t(T.bidNow)}
            {state.view.choices.bids.map((bid, i) => (
              <button
                key={i}
                type="button"
                className={`btn bid ${hinted?.bid && sameBid(hinted.bid, bid) ? "hinted" : ""}`}
                data-testid="bid-option"
                data-cards={bid.cards.join(" ")}
                onClick={() => void sendAction({ kind: "bid", cards: bid.cards, bid_kind: bid.bid_kind })}
              >
                {bid.bid_kind ? `${t(T.bidKinds[bid.bid_kind] ?? T.bidNow)} ` : ""}
                {cardsLabel(bid.cards, lang)}
              </button>
            ))}
          </span>
        )}
        {may.has("pass") && (
          <button type="button" className={`btn ${hinted?.pass ? "hinted" : ""}`} data-testid="pass" onClick={() => void sendAction({ kind: "pass" })}>
            {t(T.pass)}
          </button>
        )}
        {may.has("call_friend") && state.view && (
          <span className="friends">
            {t(T.callFriend)}
            {state.view.choices.friend_calls.map((call, i) => (
              <button
                key={i}
                type="button"
                className={`btn ${hinted?.friend && hinted.friend.card === call.card && hinted.friend.solo === call.solo ? "hinted" : ""}`}
                data-testid="friend-option"
                data-card={call.card ?? ""}
                data-solo={call.solo ? "true" : "false"}
                onClick={() => void sendAction({ kind: "call_friend", card: call.card, solo: call.solo })}
              >
                {call.solo ? t(T.solo) : cardLabel(call.card!, lang)}
              </button>
            ))}
          </span>
        )}
        {submitKind === "bury" && <span>{t(T.buryPrompt, { n: kittySize })}</span>}
        {submitKind === "give_back" && view && <span>{t(T.giveBackPrompt, { n: view.must_give_back })}</span>}
        {submitKind === "swap" && view && (
          <span className="swap">
            {t(T.swapPrompt)}
            <span className="cards-row tight">
              {view.kitty_trumps.map((card, i) => (
                <CardFace
                  key={i}
                  card={card}
                  small
                  selected={kittyPicks.includes(card)}
                  label={cardLabel(card, lang)}
                  onClick={() => setKittyPicks((picks) => (picks.includes(card) ? picks.filter((c) => c !== card) : [...picks, card]))}
                />
              ))}
            </span>
            <button type="button" className="btn" onClick={() => void sendAction({ kind: "swap", pairs: [] })}>
              {t(T.noSwap)}
            </button>
          </span>
        )}
        {submitKind && (
          <>
            <button type="button" className="btn primary big" data-testid="submit" disabled={!!problem || sending} onClick={submit}>
              {submitKind === "play" ? t(T.actionPlay) : submitKind === "bury" ? t(T.actionBury) : submitKind === "give_back" ? t(T.actionGiveBack) : t(T.actionSwap)}
            </button>
            <button type="button" className="btn" data-testid="clear" onClick={() => setSelected([])}>
              {t(T.clear)}
            </button>
          </>
        )}
        {mine && state.round != null && view?.phase !== "done" && (
          <button type="button" className="btn" data-testid="hint" onClick={() => void hint()}>
            {t(T.hint)}
          </button>
        )}
        {selectedCards.length > 0 && <span className="muted">{t(T.selected, { n: selectedCards.length })}</span>}
        {problemText && selectedCards.length > 0 && (
          <span className="error" data-testid="selection-error">
            {problemText}
          </span>
        )}
        {hinted?.none && <span className="muted">{t(T.noHint)}</span>}
        {state.error && (
          <span className="error" data-testid="server-error">
            {state.error.message}
            {state.error.rule ? ` (${state.error.rule})` : ""}
          </span>
        )}
      </div>

      {mine && (
        <div className="hand" data-testid="hand">
          {hand.map((entry, index) => {
            const isSelected = selected.includes(entry.key);
            const dim = !!(view && view.phase === "play" && !leading && view.lead_suit && effectiveSuit(entry.card, suits) !== view.lead_suit && state.hand.some((c) => effectiveSuit(c, suits) === view.lead_suit));
            return (
              <CardFace
                key={entry.key}
                card={entry.card}
                selected={isSelected}
                dim={dim}
                fresh={fresh.has(entry.key)}
                label={cardLabel(entry.card, lang)}
                onClick={() => {
                  setFocus(index);
                  toggle(entry.key);
                }}
                onMouseDown={() => (drag.current = { adding: !isSelected })}
                onMouseEnter={() => {
                  if (!drag.current) return;
                  const adding = drag.current.adding;
                  setSelected((keys) =>
                    adding ? (keys.includes(entry.key) ? keys : [...keys, entry.key]) : keys.filter((k) => k !== entry.key),
                  );
                }}
              />
            );
          })}
        </div>
      )}
      {mine && <p className="keys muted">{t(T.keys)}</p>}

      <div className="side">
        <div className="tabs" role="tablist">
          {(["counter", "log", "chat", "standings"] as const).map((name) => (
            <button key={name} type="button" role="tab" data-testid={`tab-${name}`} aria-selected={tab === name} className={tab === name ? "active" : ""} onClick={() => setTab(name)}>
              {t({ counter: T.counter, log: T.log, chat: T.chat, standings: T.standings }[name])}
            </button>
          ))}
        </div>
        {tab === "counter" && <CounterPanel state={state} />}
        {tab === "log" && <LogPanel state={state} name={name} />}
        {tab === "chat" && <ChatPanel state={state} phrases={phrases} send={(m) => connection?.send(m)} />}
        {tab === "standings" && <StandingsPanel state={state} name={name} />}
      </div>
      {lastTrick && (
        <div className="last-trick" data-testid="last-trick">
          <span className="muted">
            {t(T.lastTrick)} · {t(T.wonBy, { name: name(lastTrick.winner), points: lastTrick.points })}
          </span>
          {lastTrick.plays.map((play) => (
            <span key={play.seat} className="last-play">
              {play.seat + 1}: {cardsLabel(play.cards, lang)}
            </span>
          ))}
        </div>
      )}

      {state.roundOver && showResult && (
        <ResultPanel roundOver={state.roundOver} state={state} name={name} onClose={() => setShowResult(false)} />
      )}
    </div>
  );
}

function sameBid(a: BidChoice, b: BidChoice): boolean {
  return a.bid_kind === b.bid_kind && a.cards.join() === b.cards.join();
}

/** A finished room's page: its final standings and the replays of its rounds. */
function FinishedRoom({ info }: { info: RoomInfo }) {
  const t = useT();
  const lang = useLang();
  const name = (seat: number) => playerName(info.room.seats[seat]?.name || seatLabel(seat, lang), lang);
  return (
    <div className="panel" data-testid="finished-room">
      <h2>{t(T.finishedRoom, { name: info.room.name })}</h2>
      {info.result && (
        <>
          {info.result.winners && <p data-testid="winners">{winnersText(info.result, name, lang)}</p>}
          <table className="list">
            <tbody>
              {info.result.totals.map((total, seat) => (
                <tr key={seat} className={info.result?.winners?.includes(seat) ? "winner" : ""}>
                  <td>{name(seat)}</td>
                  <td>{total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p>
        {info.rounds
          .filter((round) => round.finished)
          .map((round) => (
            <a key={round.id} className="btn small" href={href({ page: "replay", round: round.id })}>
              {t(T.replayRound, { n: round.number })}
            </a>
          ))}{" "}
        <a href={href({ page: "lobby" })}>{t(T.backToLobby)}</a>
      </p>
    </div>
  );
}

function JoinError({ error, onWatch }: { error: string; onWatch: (() => void) | null }) {
  const t = useT();
  return (
    <div className="panel">
      <p className="error" data-testid="join-error">
        {error}
      </p>
      {onWatch && (
        <button type="button" className="btn" data-testid="watch-instead" onClick={onWatch}>
          {t(T.watchInstead)}
        </button>
      )}{" "}
      <a href={href({ page: "lobby" })}>{t(T.backToLobby)}</a>
    </div>
  );
}

function WaitingPanel({ state, mySeat, send }: { state: TableState; mySeat: number | null; send: (m: Record<string, unknown>) => void }) {
  const t = useT();
  const room = state.room!.room;
  const me = mySeat === null ? null : room.seats[mySeat];
  const empty = room.seats.map((seat, index) => (seat.name ? -1 : index)).filter((index) => index >= 0);
  return (
    <div className="waiting panel">
      <p>{t(T.waiting)}</p>
      {me && (
        <button type="button" className="btn primary big" data-testid="ready" onClick={() => send({ type: "ready", ready: !me.ready })}>
          {me.ready ? t(T.unready) : t(T.ready)}
        </button>
      )}{" "}
      {me && empty.length > 0 && (
        <button type="button" className="btn" data-testid="fill-bots" onClick={() => empty.forEach((seat) => send({ type: "add_bot", seat }))}>
          {t(T.fillBots)}
        </button>
      )}
    </div>
  );
}

/** Points taken, by side once the sides are public (the engine's scoreboard), else by seat. */
function ScoreLine({ state, name }: { state: TableState; name: (seat: number) => string }) {
  const t = useT();
  const view = state.view;
  if (!view || view.view.phase !== "play") return <div className="score-line" data-testid="points" />;
  const board = view.scoreboard;
  const banker = view.view.banker;
  const sided = board.length === 2 && banker !== null;
  return (
    <div className="score-line" data-testid="points">
      {sided ? (
        <>
          <strong>
            {t(T.attackersPoints)}: {board.find((entry) => !entry.seats.includes(banker!))?.points ?? 0}
          </strong>
        </>
      ) : (
        <>
          {t(T.pointsBySeat)}:{" "}
          {board.map((entry) => (
            <span key={entry.seats.join()} className="seat-points">
              {entry.seats.map((seat) => name(seat)).join("+")} {entry.points}
            </span>
          ))}
        </>
      )}
      {view.view.penalties.some((p) => p !== 0) &&
        view.view.penalties.map((p, seat) => (p !== 0 ? <span key={seat} className="muted"> {name(seat)} {t(T.penalty, { n: p })}</span> : null))}
    </div>
  );
}

function CounterPanel({ state }: { state: TableState }) {
  const t = useT();
  const lang = useLang();
  const view = state.view;
  if (!view || !view.suits) return <div className="counter" data-testid="counter"><p className="muted">{t(T.counterUnknown)}</p></div>;
  const played = [...state.tricks.flatMap((trick) => trick.plays.flatMap((p) => p.cards)), ...view.view.current.flatMap((p) => p.cards)];
  const known = [...state.hand, ...view.view.buried];
  const counter = cardCounter(view.decks, view.suits, played, known);
  return (
    <div className="counter" data-testid="counter">
      <p className="muted">{t(T.counterOut)}</p>
      {counter.lines.map((line) => (
        <div key={line.suit} className="counter-line" data-suit={line.suit}>
          <strong>
            {tr(SUIT_NAMES[line.suit], lang)} ({line.outCount})
          </strong>{" "}
          {line.out.map((entry) => (
            <span key={entry.card} className={`counter-card ${entry.card.endsWith("H") || entry.card.endsWith("D") || entry.card === "BJ" ? "red" : ""}`}>
              {cardLabel(entry.card, lang)}
              {entry.copies > 1 ? `×${entry.copies}` : ""}
            </span>
          ))}
        </div>
      ))}
      <p>{t(T.counterPoints, { n: counter.pointsPlayedTotal, out: counter.pointsOut })}</p>
    </div>
  );
}

function eventText(event: GameEvent, name: (seat: number) => string, lang: ReturnType<typeof useLang>, t: (msg: Msg, p?: Record<string, string | number>) => string): string {
  const who = "seat" in event ? name(event.seat) : "";
  switch (event.kind) {
    case "bid":
      return t(T.events.bid, { name: who, cards: cardsLabel(event.cards as string[], lang) });
    case "trump_decided":
      return t(T.events.trump_decided, { name: name(event.banker as number), rank: event.level_rank as string, suit: suitText(event.trump_suit as string | null, t) });
    case "declaration_taken":
      return t(T.events.declaration_taken, { name: who, from: name(event.from_seat as number) });
    case "given_back":
      return t(T.events.given_back, { name: who, to: name(event.to_seat as number) });
    case "swapped":
      return t(T.events.swapped, { name: who, count: event.count as number });
    case "trump_revealed":
      return t(T.events.trump_revealed, { name: who, suit: suitText(event.trump_suit as string | null, t) });
    case "friend_called":
      return event.solo ? t(T.events.friend_solo, { name: who }) : t(T.events.friend_called, { name: who, card: cardLabel(event.card as string, lang) });
    case "throw_failed":
      return t(T.events.throw_failed, {
        name: who,
        attempted: cardsLabel(event.attempted as string[], lang),
        forced: cardsLabel(event.forced as string[], lang),
        rule: (event.rule as string) ?? "R-4.4",
      });
    case "kitty_turned":
      return t(T.events.kitty_turned, { cards: cardsLabel(event.cards as string[], lang) });
    case "kitty_revealed":
      return t(T.events.kitty_revealed, { cards: cardsLabel(event.cards as string[], lang), points: event.points as number, mult: event.multiplier as number });
    case "round_scored":
      return t(T.events.round_scored, { x: event.attackers_points as number });
    case "trick_won":
      return t(T.events.trick_won, { n: event.trick as number, name: who, points: event.points as number });
    case "redeal":
      return t(T.events.redeal, { reason: String(event.reason ?? "") });
    default:
      return format(T.events[event.kind]?.[lang] ?? event.kind, { name: who });
  }
}

/** The round so far, oldest first (as it is read), kept scrolled to its newest line. */
function LogPanel({ state, name }: { state: TableState; name: (seat: number) => string }) {
  const t = useT();
  const lang = useLang();
  const list = useRef<HTMLUListElement | null>(null);
  const newest = state.log.length > 0 ? state.log[state.log.length - 1].seq : 0;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);
  return (
    <div className="log" data-testid="log">
      <ul ref={list}>
        {state.log.map((event) => (
          <li
            key={event.seq}
            className={event.kind === "throw_failed" ? "error" : event.kind === "trick_won" ? "muted" : ""}
          >
            {eventText(event, name, lang, t)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ChatPanel({ state, phrases, send }: { state: TableState; phrases: Record<string, Localized>; send: (m: Record<string, unknown>) => void }) {
  const t = useT();
  const lang = useLang();
  const [text, setText] = useState("");
  const room = state.room!.room;
  const phrasesOnly = room.mode === "xun" && state.room?.round != null;
  return (
    <div className="chat">
      <ul data-testid="chat-log">
        {state.chat.map((line, i) => (
          <li key={i}>
            <strong>{line.seat != null ? `${line.seat + 1} ` : ""}{playerName(line.name, lang)}:</strong>{" "}
            {line.phrase ? pick(phrases[line.phrase], lang) || line.phrase : line.text}
          </li>
        ))}
      </ul>
      <div className="phrases">
        {Object.entries(phrases).map(([id, phrase]) => (
          <button key={id} type="button" className="btn small" data-testid="phrase" onClick={() => send({ type: "chat", phrase: id })}>
            {pick(phrase, lang)}
          </button>
        ))}
      </div>
      {phrasesOnly ? (
        <p className="muted">{t(T.chatPhrasesOnly)}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) send({ type: "chat", text: text.trim().slice(0, 200) });
            setText("");
          }}
        >
          <input data-testid="chat-input" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn" data-testid="chat-send">
            {t(T.send)}
          </button>
        </form>
      )}
    </div>
  );
}

function StandingsPanel({ state, name }: { state: TableState; name: (seat: number) => string }) {
  const t = useT();
  const standings = state.seriesOver ?? state.room?.standings ?? null;
  if (!standings) return <div data-testid="standings" />;
  return (
    <table className="list" data-testid="standings">
      <thead>
        <tr>
          <th />
          {standings.levels && <th>{t(T.levelCol)}</th>}
          <th>{t(T.total)}</th>
        </tr>
      </thead>
      <tbody>
        {standings.totals.map((total, seat) => (
          <tr key={seat} className={standings.winners?.includes(seat) ? "winner" : ""}>
            <td>{name(seat)}</td>
            {standings.levels && <td>{standings.levels[seat]}</td>}
            <td>{total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The result's first words: who won, from this seat's side of the table when it plays. */
function outcomeText(result: RoundOver["result"], mySeat: number | null, t: (msg: Msg) => string): string {
  if (result.side === "stepdown") return t(T.drawn);
  if (mySeat === null) return t(result.side === "banker" ? T.bankerWon : T.attackersWon);
  const bankerSide = result.banker_side.includes(mySeat);
  return t((result.side === "banker") === bankerSide ? T.youWon : T.youLost);
}

function ResultPanel({ roundOver, state, name, onClose }: { roundOver: RoundOver; state: TableState; name: (seat: number) => string; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const result = roundOver.result;
  const room = state.room!.room;
  const decks = state.view?.decks ?? 2;
  const qidong = room.preset === "qidong";
  const unit = room.preset === "shandong" ? 40 : 20 * decks; // u of
  const sideMsg =
    result.side === "stepdown"
      ? T.sideStepdown
      : result.side === "banker"
        ? qidong
          ? T.sideBankerQidong
          : T.sideBanker
        : qidong
          ? T.sideAttackersQidong
          : T.sideAttackers;
  const series = state.seriesOver;
  const bidCount = state.view?.view.bids.length ?? 0;
  return (
    <div className="result-overlay">
      <div className="panel result" data-testid="round-result">
        <h2>{t(T.resultTitle, { n: roundOver.round })}</h2>
        <p className="outcome" data-testid="outcome">
          <strong>{outcomeText(result, state.room?.you?.seat ?? null, t)}</strong>
        </p>
        {result.side === "stepdown" && (
          <p data-testid="stepdown-why">{t(T.stepdownWhy, { x: result.attackers_points, lo: 2 * unit, hi: 3 * unit })}</p>
        )}
        <ul>
          <li>{t(T.trickPoints, { n: result.trick_points })}</li>
          <li>
            {kittyText(result, lang)}
          </li>
          <li>
            <strong>{t(T.totalX, { x: result.attackers_points, u: unit })}</strong>
          </li>
          <li>
            <strong>{t(sideMsg, { k: result.k })}</strong>
          </li>
          {qidong && bidCount > 1 && <li>{t(T.bidCount, { n: bidCount })}</li>}
        </ul>
        <table className="list">
          <thead>
            <tr>
              <th />
              {result.levels_after && <th>{t(T.levelCol)}</th>}
              <th>{t(T.scoreCol)}</th>
              <th>{t(T.total)}</th>
            </tr>
          </thead>
          <tbody>
            {result.scores.map((score, seat) => (
              <tr key={seat} className={result.banker_side.includes(seat) ? "banker-side" : ""}>
                <td>
                  {name(seat)}
                  {result.banker_side.includes(seat) ? ` · ${t(T.banker)}` : ""}
                </td>
                {result.levels_after && <td>{result.levels_after[seat]}</td>}
                <td className={score > 0 ? "plus" : score < 0 ? "minus" : ""}>
                  {score > 0 ? `+${score}` : score}
                  {result.penalties[seat] ? ` (${t(T.penalty, { n: result.penalties[seat] })})` : ""}
                </td>
                <td>{roundOver.standings.totals[seat]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {result.next_banker !== null && <p>{t(T.nextBanker, { name: name(result.next_banker) })}</p>}
        {series ? (
          <div data-testid="series-result">
            <h3>{t(T.seriesTitle)}</h3>
            {series.winners && <p data-testid="winners">{winnersText(series, name, lang)}</p>}
          </div>
        ) : (
          <p className="muted">{t(T.nextRoundSoon)}</p>
        )}
        <p>
          <a href={href({ page: "replay", round: roundOver.round_id })}>{t(T.replay)}</a>{" "}
          <button type="button" className="btn" onClick={onClose}>
            {t(T.close)}
          </button>
        </p>
      </div>
    </div>
  );
}
