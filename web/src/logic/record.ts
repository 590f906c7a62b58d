// Reading a `zpy-record/1` round record (../shared/RECORD.md) for the replay page: pure
// functions, no rules beyond what it takes to show and explain a finished round.
import { EFFECTIVE_SUITS, RANKS, SUITS, parseCard, sortCards, without, type Suit, type SuitMap } from "../cards";
import type { RecordBid, RecordDict, RecordEvent } from "../wire.gen";

export const RECORD_FORMAT = "zpy-record/1";

// The record's shape is generated from the server's schema (records/wire.py: wire.gen.ts).
export type { RecordBid, RecordEvent, RecordPlay, RecordTrick } from "../wire.gen";
export type BidKind = NonNullable<RecordBid["kind"]>;
export type EventKind = RecordEvent["kind"];
export type RoundRecord = RecordDict;

const BID_KIND_NAMES: readonly string[] = ["liang", "ding", "zhan", "add"] satisfies BidKind[];
const EVENT_KIND_NAMES: readonly string[] = ["quit", "bot", "back"] satisfies EventKind[];

/** A record that does not have the shape RECORD.md fixes; `path` names the bad key. */
export class RecordFormatError extends Error {
  constructor(readonly path: string) {
    super(`bad record: ${path}`);
  }
}

// --- Checking the shape ------------------------------------------------------------------

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isInt(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

function isCard(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    parseCard(value);
    return true;
  } catch {
    return false;
  }
}

function isCards(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isCard);
}

/** Check the keys the replay reads and return the record typed; throws RecordFormatError. */
export function parseRecord(data: unknown): RoundRecord {
  if (!isObj(data)) throw new RecordFormatError("record");
  // Records written before `seed`, `events` and `match_over` were required lack them.
  const record = { ...data, seed: data.seed ?? null, events: data.events ?? [], match_over: data.match_over ?? false };
  if (!fitsRecord(record)) throw new RecordFormatError("record");
  return record;
}

/** Whether `r` has RECORD.md's shape in what the replay reads; throws RecordFormatError naming
 * the first key that does not fit. */
function fitsRecord(r: Obj): r is RoundRecord {
  const need = (ok: boolean, path: string) => {
    if (!ok) throw new RecordFormatError(path);
  };
  need(r.format === RECORD_FORMAT, "format");
  need(typeof r.preset === "string", "preset");
  need(isObj(r.options), "options");
  need(isInt(r.round), "round");
  need(Array.isArray(r.players) && r.players.length > 0 && r.players.every((p) => typeof p === "string"), "players");
  const players = (r.players as string[]).length;
  const isSeat = (value: unknown) => isInt(value) && value >= 0 && value < players;
  const perSeat = (value: unknown, each: (v: unknown) => boolean) =>
    Array.isArray(value) && value.length === players && value.every(each);
  const isLevels = (value: unknown) => value === null || perSeat(value, (v) => typeof v === "string");
  need(isLevels(r.levels_before), "levels_before");
  need(isLevels(r.levels_after), "levels_after");
  need(isSeat(r.dealer), "dealer");
  need(isSeat(r.banker), "banker");
  need(typeof r.level_rank === "string" && RANKS.includes(r.level_rank), "level_rank");
  need(perSeat(r.deal, isCards), "deal");
  need(isCards(r.kitty), "kitty");
  need(Array.isArray(r.bids), "bids");
  (r.bids as unknown[]).forEach((bid, i) => {
    need(isObj(bid) && isSeat(bid.seat) && isCards(bid.cards) && isInt(bid.after_cards_dealt), `bids[${i}]`);
    const b = bid as Obj;
    need(b.kind === undefined || BID_KIND_NAMES.includes(b.kind as string), `bids[${i}]`);
    if (b.kind === "zhan")
      need(isSeat(b.from_seat) && isCards(b.taken ?? []) && isCards(b.returned ?? []), `bids[${i}]`);
  });
  need(r.trump_suit === null || SUITS.includes(r.trump_suit as Suit), "trump_suit");
  need(r.seed === null || isInt(r.seed), "seed");
  need(isInt(r.bid_count), "bid_count");
  need(isSeat(r.buried_by), "buried_by");
  need(isCards(r.buried), "buried");
  need(
    Array.isArray(r.swaps) && r.swaps.every((s) => isObj(s) && isCard(s.from_hand) && isCard(s.from_kitty)),
    "swaps",
  );
  need(
    r.friend_call === null || (isObj(r.friend_call) && (r.friend_call.solo === true || isCard(r.friend_call.card))),
    "friend_call",
  );
  need(r.friend === null || isSeat(r.friend), "friend");
  need(Array.isArray(r.tricks), "tricks");
  (r.tricks as unknown[]).forEach((trick, i) => {
    const ok =
      isObj(trick) &&
      isSeat(trick.leader) &&
      isSeat(trick.winner) &&
      isInt(trick.points) &&
      Array.isArray(trick.plays) &&
      trick.plays.length > 0 &&
      trick.plays.every(
        (p) => isObj(p) && isSeat(p.seat) && isCards(p.cards) && (p.attempted === undefined || isCards(p.attempted)),
      ) &&
      (trick.units === undefined || (Array.isArray(trick.units) && trick.units.every(isCards)));
    need(ok, `tricks[${i}]`);
  });
  for (const key of ["kitty_points", "kitty_multiplier", "attackers_points"]) need(isInt(r[key]), key);
  need(r.next_banker === null || isSeat(r.next_banker), "next_banker");
  need(perSeat(r.scores, isInt), "scores");
  need(perSeat(r.penalties, isInt), "penalties");
  need(
    Array.isArray(r.events) &&
      r.events.every((e) => isObj(e) && EVENT_KIND_NAMES.includes(e.kind as string) && isSeat(e.seat) && isInt(e.after_trick)),
    "events",
  );
  need(typeof r.match_over === "boolean", "match_over");
  return true;
}

// --- The round's facts -------------------------------------------------------------------

/** Deck count: the `decks` option, else the preset's (R-1: 找朋友 3, the others 2). */
export function decksOf(record: RoundRecord): number {
  const decks = record.options.decks;
  if (typeof decks === "number" && decks > 0) return decks;
  return record.preset === "zhaopengyou" ? 3 : 2;
}

/** The band width u of: 20 points per deck. */
export function bandUnit(record: RoundRecord): number {
  return 20 * decksOf(record);
}

/** `shandong`: the final declarer (last 亮 or 顶; 粘 and adding keep it, R-8.4); else null. */
export function declarerOf(record: RoundRecord): number | null {
  let declarer: number | null = null;
  for (const bid of record.bids) if (bid.kind === "liang" || bid.kind === "ding") declarer = bid.seat;
  return declarer;
}

/** Fixed partners (`tractor`/`fixed`, `shandong`) have no friend call: the partner sits opposite. */
export function fixedPartners(record: RoundRecord): boolean {
  return record.friend_call === null;
}

/** The banker's side as the round ended (a hidden friend was on it all along, R-9.3). */
export function bankerSide(record: RoundRecord): number[] {
  const players = record.players.length;
  if (fixedPartners(record)) return [record.banker, (record.banker + Math.floor(players / 2)) % players];
  return record.friend !== null && record.friend !== record.banker ? [record.banker, record.friend] : [record.banker];
}

export function attackers(record: RoundRecord): number[] {
  const side = bankerSide(record);
  return record.players.map((_, seat) => seat).filter((seat) => !side.includes(seat));
}

/** The final kitty: `buried` with each swap's `from_kitty` replaced by its `from_hand`. */
export function finalKitty(record: RoundRecord): string[] {
  const kitty = [...record.buried];
  for (const swap of record.swaps) {
    const at = kitty.indexOf(swap.from_kitty);
    if (at >= 0) kitty[at] = swap.from_hand;
  }
  return kitty;
}

// --- Hands -------------------------------------------------------------------------------

/** Every hand as dealt (copies). */
export function dealtHands(record: RoundRecord): string[][] {
  return record.deal.map((hand) => [...hand]);
}

/**
 * The hands when the first trick is led: the deal, then each 粘 (the sticker takes `taken`
 * from `from_seat` and gives back `returned`), then the kitty to `buried_by`, who buries
 * `buried`, then the declarer's swaps (`from_hand` out to the kitty, `from_kitty` in).
 */
export function handsAfterKitty(record: RoundRecord): string[][] {
  const hands = dealtHands(record);
  for (const bid of record.bids) {
    if (bid.kind !== "zhan" || bid.from_seat === undefined) continue;
    const taken = bid.taken ?? [];
    const returned = bid.returned ?? [];
    hands[bid.from_seat] = [...without(hands[bid.from_seat], taken), ...returned];
    hands[bid.seat] = [...without(hands[bid.seat], returned), ...taken];
  }
  const burier = record.buried_by;
  hands[burier] = without([...hands[burier], ...record.kitty], record.buried);
  if (record.swaps.length) {
    const declarer = declarerOf(record) ?? burier;
    hands[declarer] = [
      ...without(
        hands[declarer],
        record.swaps.map((s) => s.from_hand),
      ),
      ...record.swaps.map((s) => s.from_kitty),
    ];
  }
  return hands;
}

/**
 * The hands at stepper position `step`: 0 is the deal; k ≥ 1 is right after trick k
 * (1-based) was played, so its cards have left the hands.
 */
export function handsAt(record: RoundRecord, step: number): string[][] {
  if (step <= 0) return dealtHands(record);
  const hands = handsAfterKitty(record);
  for (const trick of record.tricks.slice(0, step))
    for (const play of trick.plays) hands[play.seat] = without(hands[play.seat], play.cards);
  return hands;
}

export interface Mismatch {
  trick: number; // 1-based
  seat: number;
  card: string;
}

/** Cards a record has a seat play that its hand (as computed) did not hold: should be none. */
export function mismatches(record: RoundRecord): Mismatch[] {
  const hands = handsAfterKitty(record);
  const found: Mismatch[] = [];
  record.tricks.forEach((trick, index) => {
    for (const play of trick.plays) {
      const left = [...hands[play.seat]];
      for (const card of play.cards) {
        const at = left.indexOf(card);
        if (at < 0) found.push({ trick: index + 1, seat: play.seat, card });
        else left.splice(at, 1);
      }
      hands[play.seat] = left;
    }
  });
  return found;
}

// --- Order for display (R-1.4, R-2) ------------------------------------------------------

const SHANDONG_FIXED = ["2", "3", "5"]; // 常主, low to high

/** Each effective suit's distinct cards, weakest first, for this round's trump (as the engine orders them). */
export function suitMapOf(record: RoundRecord): SuitMap {
  const level = record.level_rank;
  const trump = record.trump_suit;
  const fixed = record.preset === "shandong" ? SHANDONG_FIXED.filter((rank) => rank !== level) : [];
  const entries: { card: string; suit: (typeof EFFECTIVE_SUITS)[number]; order: number; id: number }[] = [];
  SUITS.forEach((suit, s) => {
    RANKS.forEach((rank, r) => {
      const card = `${rank}${suit}`;
      const id = s * 13 + r;
      if (rank === level) entries.push({ card, suit: "trump", order: suit === trump ? 51 : 50, id });
      else if (fixed.includes(rank))
        entries.push({ card, suit: "trump", order: 40 + 2 * fixed.indexOf(rank) + (suit === trump ? 1 : 0), id });
      else if (suit === trump) entries.push({ card, suit: "trump", order: 20 + r, id });
      else entries.push({ card, suit, order: r, id });
    });
  });
  entries.push({ card: "LJ", suit: "trump", order: 60, id: 52 }, { card: "BJ", suit: "trump", order: 61, id: 53 });
  entries.sort((a, b) => a.order - b.order || a.id - b.id);
  const map: SuitMap = { S: [], H: [], C: [], D: [], trump: [] };
  for (const entry of entries) map[entry.suit].push(entry.card);
  return map;
}

/** A hand in display order: ♠ ♥ ♣ ♦, trumps last, weakest first. */
export function sortHand(record: RoundRecord, cards: readonly string[], suits: SuitMap = suitMapOf(record)): string[] {
  return sortCards(cards, suits);
}

// --- Tricks and points -------------------------------------------------------------------

/** 0-based index of the trick in which the called friend first played the called card; null if never. */
export function friendRevealTrick(record: RoundRecord): number | null {
  const call = record.friend_call;
  if (record.friend === null || call === null || "solo" in call) return null;
  const at = record.tricks.findIndex((trick) =>
    trick.plays.some((play) => play.seat === record.friend && play.cards.includes(call.card)),
  );
  return at < 0 ? null : at;
}

/** Points each seat has won in tricks 1..step. */
export function pointsBySeat(record: RoundRecord, step: number): number[] {
  const won = record.players.map(() => 0);
  for (const trick of record.tricks.slice(0, Math.max(0, step))) won[trick.winner] += trick.points;
  return won;
}

/** Trick points the attackers (as the round ended) have taken in tricks 1..step. */
export function attackersPointsAt(record: RoundRecord, step: number): number {
  const side = bankerSide(record);
  return pointsBySeat(record, step).reduce((sum, pts, seat) => (side.includes(seat) ? sum : sum + pts), 0);
}

export interface FailedThrow {
  seat: number;
  attempted: string[];
  forced: string[];
  /** The cards of the throw that went back to the hand. */
  back: string[];
}

export interface TrickSummary {
  number: number; // 1-based
  leader: number;
  winner: number;
  points: number;
  /** The side of the winner, as the round ended. */
  winnerSide: "banker" | "attackers";
  /** The attackers' trick points after this trick. */
  attackersSoFar: number;
  failedThrow: FailedThrow | null;
  /** The lead's parse when it has several units (RECORD.md), else null. */
  units: string[][] | null;
  /** The called friend showed themselves in this trick. */
  friendRevealed: boolean;
}

export function trickSummaries(record: RoundRecord): TrickSummary[] {
  const side = bankerSide(record);
  const reveal = friendRevealTrick(record);
  let attackersSoFar = 0;
  return record.tricks.map((trick, index) => {
    const winnerSide = side.includes(trick.winner) ? "banker" : "attackers";
    if (winnerSide === "attackers") attackersSoFar += trick.points;
    const lead = trick.plays[0];
    const failedThrow =
      lead.attempted !== undefined
        ? { seat: lead.seat, attempted: lead.attempted, forced: lead.cards, back: without(lead.attempted, lead.cards) }
        : null;
    return {
      number: index + 1,
      leader: trick.leader,
      winner: trick.winner,
      points: trick.points,
      winnerSide,
      attackersSoFar,
      failedThrow,
      units: trick.units && trick.units.length > 1 ? trick.units : null,
      friendRevealed: reveal === index,
    };
  });
}

/** Room events (强退, 托管, back) that happened once `step` tricks were done. */
export function eventsAt(record: RoundRecord, step: number): RecordEvent[] {
  return record.events.filter((event) => event.after_trick === step);
}

// --- The outcome (R-7, R-9.4) ------------------------------------------------------------

export type BandSide = "banker" | "attackers" | "stepdown";

export interface Band {
  side: BandSide;
  /** Levels moved (or the score factor in `qidong`); 0 for the step-down band. */
  k: number;
}

/** R-9.4: the band of the attackers' score X, with u = 20·decks. */
export function bandOf(preset: string, x: number, u: number): Band {
  if (preset === "shandong") {
    if (x >= 2 * u) return { side: "attackers", k: 1 + Math.floor((x - 2 * u) / u) };
    if (x >= u) return { side: "banker", k: 1 };
    if (x > 0) return { side: "banker", k: 2 };
    if (x === 0) return { side: "banker", k: 3 };
    return { side: "banker", k: 3 + Math.ceil(-x / u) };
  }
  const y = Math.max(0, x); // a negative X counts as 0
  if (y === 0) return { side: "banker", k: 3 };
  if (y < u) return { side: "banker", k: 2 };
  if (y < 2 * u) return { side: "banker", k: 1 };
  if (y < 3 * u) return { side: "stepdown", k: 0 };
  return { side: "attackers", k: 1 + Math.floor((y - 3 * u) / u) };
}

export interface Outcome {
  /** Points of the tricks the attackers won. */
  trickPoints: number;
  kitty: string[];
  kittyPoints: number;
  multiplier: number;
  /** 扣底: the attackers won the last trick; 保底 (`shandong`): the banker's side did, X loses the kitty. */
  kittyCase: "kou" | "bao" | "none";
  /** What the kitty adds to X (negative for 保底). */
  kittyBonus: number;
  /** Whatever else is in X: `qidong` throw penalties. */
  other: number;
  /** X as recorded. */
  x: number;
  u: number;
  band: Band;
}

export function outcomeOf(record: RoundRecord): Outcome {
  const trickPoints = attackersPointsAt(record, record.tricks.length);
  const last = record.tricks[record.tricks.length - 1];
  const attackersTookLast = last !== undefined && !bankerSide(record).includes(last.winner);
  let kittyCase: Outcome["kittyCase"] = "none";
  let kittyBonus = 0;
  if (record.kitty_multiplier > 0) {
    kittyCase = "kou";
    kittyBonus = record.kitty_points * record.kitty_multiplier;
  } else if (record.preset === "shandong" && !attackersTookLast) {
    kittyCase = "bao";
    kittyBonus = 0 - record.kitty_points; // not -0
  }
  const u = bandUnit(record);
  const x = record.attackers_points;
  return {
    trickPoints,
    kitty: finalKitty(record),
    kittyPoints: record.kitty_points,
    multiplier: record.kitty_multiplier,
    kittyCase,
    kittyBonus,
    other: x - trickPoints - kittyBonus,
    x,
    u,
    band: bandOf(record.preset, x, u),
  };
}
