// The table's state, folded from server messages: the last view, one's hand during the deal,
// the round's finished tricks (sent once each), notable events, results and chat.
import type { Standings } from "../../api";
import type { ServerMessage } from "../../ws";
import type { ChatLine, GameEvent, RoomMessage, RoundOver, Trick, ViewMessage } from "./types";

export interface TableState {
  room: RoomMessage | null;
  round: number | null;
  seq: number;
  view: ViewMessage | null;
  tricks: Trick[];
  hand: string[];
  handSizes: number[];
  dealt: number;
  /** When the turn timer of the seat to act runs out (performance.now() milliseconds). */
  deadline: number | null;
  /** When that timer was last heard of: the clock never reads more than it said then. */
  clockFrom: number;
  log: GameEvent[];
  /** The kitty's cards this seat took into its hand (highlighted while it buries). */
  fromKitty: string[];
  /** The latest event no player may miss (the friend shows, 扣底), for a banner on the felt. */
  banner: GameEvent | null;
  /** The failed throw that led the trick being played (shown on the felt until it is won). */
  failedThrow: GameEvent | null;
  roundOver: RoundOver | null;
  seriesOver: Standings | null;
  chat: ChatLine[];
  error: { code: string; message: string; rule?: string | null } | null;
}

export const INITIAL: TableState = {
  room: null,
  round: null,
  seq: 0,
  view: null,
  tricks: [],
  hand: [],
  handSizes: [],
  dealt: 0,
  deadline: null,
  clockFrom: 0,
  log: [],
  fromKitty: [],
  banner: null,
  failedThrow: null,
  roundOver: null,
  seriesOver: null,
  chat: [],
  error: null,
};

const LOG_SIZE = 100; // a round's tricks and everything else worth a line

/** Events worth a line in the table's log (the rest show in the view itself). */
const LOGGED = new Set([
  "bid",
  "redeal",
  "kitty_turned",
  "trump_decided",
  "declaration_taken",
  "given_back",
  "kitty_taken",
  "buried",
  "swapped",
  "trump_revealed",
  "friend_called",
  "throw_failed",
  "friend_revealed",
  "kitty_revealed",
  "round_scored",
  "trick_won",
]);

function newRound(state: TableState, round: number): TableState {
  if (state.round === round) return state;
  return { ...state, round, seq: 0, view: null, tricks: [], hand: [], handSizes: [], dealt: 0, log: [], fromKitty: [], banner: null, failedThrow: null, roundOver: null, deadline: null };
}

export function reduce(state: TableState, message: ServerMessage, now: number): TableState {
  switch (message.type) {
    case "room": {
      const room: RoomMessage = message;
      const next = { ...state, room };
      if (room.room.status === "open") return { ...next, round: null, view: null, seriesOver: null, roundOver: null };
      return next;
    }
    case "events": {
      let next = newRound(state, message.round);
      const mySeat = next.room?.you?.seat ?? null;
      const hand = [...next.hand];
      const sizes = [...next.handSizes];
      let dealt = next.dealt;
      const log = [...next.log];
      let seq = next.seq;
      let failedThrow = next.failedThrow;
      let fromKitty = next.fromKitty;
      let banner = next.banner;
      for (const event of message.events) {
        if (event.seq <= seq) continue; // already had it (a resync overlaps)
        seq = event.seq;
        if (event.kind === "card_dealt") {
          const seat = event.seat;
          while (sizes.length <= seat) sizes.push(0);
          sizes[seat] += 1;
          dealt = event.dealt;
          if (seat === mySeat && event.card) hand.push(event.card);
        } else if (event.kind === "redeal") {
          hand.length = 0;
          sizes.fill(0);
          dealt = 0;
        }
        if (event.kind === "kitty_taken" && event.seat === mySeat) fromKitty = event.cards;
        if (event.kind === "friend_revealed" || (event.kind === "kitty_revealed" && event.multiplier > 0 && event.points > 0)) banner = event;
        if (event.kind === "throw_failed") failedThrow = event;
        else if (event.kind === "trick_won") failedThrow = null;
        if (LOGGED.has(event.kind)) log.push(event);
      }
      next = { ...next, seq, hand, handSizes: sizes, dealt, log: log.slice(-LOG_SIZE), failedThrow, fromKitty, banner };
      return next;
    }
    case "view": {
      const msg: ViewMessage = message;
      const next = newRound(state, msg.round);
      const tricks = next.tricks.slice(0, msg.tricks_from).concat(msg.view.tricks);
      const deadline = msg.turn_seconds_left == null ? null : now + msg.turn_seconds_left * 1000;
      // A refusal stays until the table moves on (a new decision, or someone else's).
      const error = state.view && msg.seq === state.view.seq && msg.round === state.view.round ? state.error : null;
      return {
        ...next,
        error,
        clockFrom: now,
        view: msg,
        tricks,
        hand: msg.view.hand,
        handSizes: msg.view.hand_sizes,
        dealt: msg.view.cards_dealt,
        seq: Math.max(next.seq, msg.seq),
        deadline,
      };
    }
    case "round_over":
      return { ...state, roundOver: message };
    case "series_over":
      return { ...state, seriesOver: message.standings };
    case "chat":
      return { ...state, chat: [...state.chat, message].slice(-100) };
    case "error":
      return { ...state, error: { code: message.code, message: message.message, rule: message.rule ?? null } };
    default:
      return state;
  }
}

/** The table's phase for people and tests: the engine's, or the room's between rounds. */
export function tablePhase(state: TableState): string {
  const status = state.room?.room.status;
  if (!status) return "connecting";
  if (status === "open") return "waiting";
  if (status === "finished") return "finished";
  if (state.room?.round == null) return "between";
  return state.view?.view.phase ?? "deal";
}
