// Worked examples built by hand from RECORD.md; every number below is checked in the comments.
import { describe, expect, it } from "vitest";
import {
  attackers,
  attackersPointsAt,
  bandOf,
  bandUnit,
  bankerSide,
  declarerOf,
  eventsAt,
  finalKitty,
  friendRevealTrick,
  handsAfterKitty,
  handsAt,
  mismatches,
  outcomeOf,
  parseRecord,
  pointsBySeat,
  RecordFormatError,
  sortHand,
  suitMapOf,
  trickSummaries,
  type RoundRecord,
} from "./record";

/**
 * `tractor`, fixed partners, 2 decks (u = 40), level 2, ♥ trump, banker seat 1 (partner 3).
 * Tiny hands (4 cards) and a 2-card kitty, so every step can be followed by hand.
 *
 *   deal  s0: ♠5 ♠K ♣3 ♥2   s1: ♠A ♥10 ♦4 ♣6   s2: ♠9 ♦K ♣7 BJ   s3: ♠10 ♠Q ♣8 ♦5
 *   kitty ♣K ♦3 → seat 1 takes it (6 cards) and buries ♣K ♦3 again → s1: ♠A ♥10 ♦4 ♣6
 *   T1 s1 leads ♠A; s2 ♠9, s3 ♠10, s0 ♠5 → s1 wins 10+5 = 15   (banker side)
 *   T2 s1 leads ♣6; s2 ♣7, s3 ♣8, s0 ♣3 → s3 wins 0            (banker side)
 *   T3 s3 leads ♦5; s0 ♥2 (level card: trump), s1 ♦4, s2 ♦K → s0 wins 5+10 = 15 (attackers)
 *   T4 s0 leads ♠K; s1 ♥10, s2 BJ, s3 ♠Q → s2 wins 10+10 = 20  (attackers, last trick)
 *   Attackers: 15 + 20 = 35 trick points; a single lead → multiplier 2;
 *   kitty ♣K ♦3 = 10 points × 2 = 20; X = 55: 40 ≤ 55 < 80 → banker side +1;
 *   levels 2 → 3 for seats 1 and 3; scores ±1; next banker: the partner, seat 3.
 */
const TRACTOR = {
  format: "zpy-record/1",
  preset: "tractor",
  options: { partner: "fixed", decks: 2, kitty_size: 2, throw_penalty: 1 },
  seed: 42,
  round: 1,
  players: ["Ann", "Bot 2", "Cat", "Dan"],
  levels_before: ["2", "2", "2", "2"],
  dealer: 0,
  banker: 1,
  level_rank: "2",
  deal: [
    ["5S", "KS", "3C", "2H"],
    ["AS", "10H", "4D", "6C"],
    ["9S", "KD", "7C", "BJ"],
    ["10S", "QS", "8C", "5D"],
  ],
  kitty: ["KC", "3D"],
  bids: [{ seat: 1, cards: ["2H"], after_cards_dealt: 6 }],
  trump_suit: "H",
  bid_count: 1,
  buried_by: 1,
  buried: ["KC", "3D"],
  swaps: [],
  friend_call: null,
  friend: null,
  tricks: [
    { leader: 1, plays: [{ seat: 1, cards: ["AS"] }, { seat: 2, cards: ["9S"] }, { seat: 3, cards: ["10S"] }, { seat: 0, cards: ["5S"] }], units: [["AS"]], winner: 1, points: 15 },
    { leader: 1, plays: [{ seat: 1, cards: ["6C"] }, { seat: 2, cards: ["7C"] }, { seat: 3, cards: ["8C"] }, { seat: 0, cards: ["3C"] }], winner: 3, points: 0 },
    { leader: 3, plays: [{ seat: 3, cards: ["5D"] }, { seat: 0, cards: ["2H"] }, { seat: 1, cards: ["4D"] }, { seat: 2, cards: ["KD"] }], winner: 0, points: 15 },
    { leader: 0, plays: [{ seat: 0, cards: ["KS"] }, { seat: 1, cards: ["10H"] }, { seat: 2, cards: ["BJ"] }, { seat: 3, cards: ["QS"] }], winner: 2, points: 20 },
  ],
  kitty_points: 10,
  kitty_multiplier: 2,
  attackers_points: 55,
  levels_after: ["2", "3", "2", "3"],
  next_banker: 3,
  scores: [-1, 1, -1, 1],
  penalties: [0, 0, 0, 0],
  events: [
    { kind: "bot", seat: 0, after_trick: 1 },
    { kind: "back", seat: 0, after_trick: 3 },
  ],
  match_over: false,
  redeals: 0,
};

/**
 * `qidong`, level 2, ♦ trump, banker seat 0 calls ♠A; seat 2 holds it (the friend).
 *
 *   deal  s0: ♠K ♦3 ♠6 BJ   s1: ♦9 ♥A ♥K ♥3   s2: ♠A ♥J ♦4 ♣7   s3: ♠5 ♣8 ♦6 ♣9   s4: ♠10 ♦10 ♦8 ♣Q
 *   T1 s0 ♠K, s1 ♦9 (trumps), s2 ♠A (friend shows), s3 ♠5, s4 ♠10 → s1 wins 10+5+10 = 25
 *   T2 s1 throws ♥A ♥K ♥3, fails (s2's ♥J beats ♥3): only ♥3 is played, ♥A ♥K go back;
 *      s2 ♥J, s3 ♣8, s4 ♣Q, s0 ♠6 → s2 wins 0. Penalty 5 × 3 cards = −15 on X (R-4.4).
 *   T3 s2 ♣7, s3 ♣9, s4 ♦8, s0 ♦3, s1 ♥A → s4 wins (♦8 > ♦3) 0
 *   T4 s4 ♦10, s0 BJ, s1 ♥K, s2 ♦4, s3 ♦6 → s0 wins 10+10 = 20; banker side: no kitty bonus
 *   X = 25 (s1) + 0 (s4) − 15 = 10: 0 < 10 < 40 → banker side wins, k = 2;
 *   scores: banker +2k = 4, friend +k = 2, attackers −k = −2 (× c = 1).
 */
const QIDONG = {
  format: "zpy-record/1",
  preset: "qidong",
  options: { throw_penalty: 5 },
  seed: null,
  round: 2,
  players: ["A", "B", "C", "D", "E"],
  levels_before: null,
  dealer: 3,
  banker: 0,
  level_rank: "2",
  deal: [
    ["KS", "3D", "6S", "BJ"],
    ["9D", "AH", "KH", "3H"],
    ["AS", "JH", "4D", "7C"],
    ["5S", "8C", "6D", "9C"],
    ["10S", "10D", "8D", "QC"],
  ],
  kitty: ["2C", "3C"],
  bids: [{ seat: 0, cards: ["2D"], after_cards_dealt: 9 }],
  trump_suit: "D",
  bid_count: 1,
  buried_by: 0,
  buried: ["2C", "3C"],
  swaps: [],
  friend_call: { card: "AS" },
  friend: 2,
  tricks: [
    { leader: 0, plays: [{ seat: 0, cards: ["KS"] }, { seat: 1, cards: ["9D"] }, { seat: 2, cards: ["AS"] }, { seat: 3, cards: ["5S"] }, { seat: 4, cards: ["10S"] }], winner: 1, points: 25 },
    { leader: 1, plays: [{ seat: 1, cards: ["3H"], attempted: ["AH", "KH", "3H"] }, { seat: 2, cards: ["JH"] }, { seat: 3, cards: ["8C"] }, { seat: 4, cards: ["QC"] }, { seat: 0, cards: ["6S"] }], units: [["3H"]], winner: 2, points: 0 },
    { leader: 2, plays: [{ seat: 2, cards: ["7C"] }, { seat: 3, cards: ["9C"] }, { seat: 4, cards: ["8D"] }, { seat: 0, cards: ["3D"] }, { seat: 1, cards: ["AH"] }], winner: 4, points: 0 },
    { leader: 4, plays: [{ seat: 4, cards: ["10D"] }, { seat: 0, cards: ["BJ"] }, { seat: 1, cards: ["KH"] }, { seat: 2, cards: ["4D"] }, { seat: 3, cards: ["6D"] }], winner: 0, points: 20 },
  ],
  kitty_points: 0,
  kitty_multiplier: 0,
  attackers_points: 10,
  levels_after: null,
  next_banker: null,
  scores: [4, -2, 2, -2, -2],
  penalties: [0, 0, 0, 0, 0],
  events: [],
  match_over: true,
};

/**
 * `shandong` kitty handling, no tricks: level A, ♥ trump.
 *   s1 亮 小王 ♥7 ♥7; s2 粘 it with 小王 ♥8 ♥8 ♥9 ♥9, takes 小王 ♥7 ♥7 and gives back ♦5 ♦K ♦Q.
 *   s1 stays declarer and banker, so the partner s3 takes the kitty ♥4 ♣10 and buries both.
 *   s1 swaps ♦4 (hand) for ♥4 (kitty): final kitty ♦4 ♣10 (10 points).
 *   Hands when play starts: s0 ♠4 ♠6; s1 ♣9 ♦5 ♦K ♦Q ♥4; s2 小王 ♥8 ♥8 ♥9 ♥9 小王 ♥7 ♥7; s3 ♠2 ♣Q.
 */
const SHANDONG = {
  format: "zpy-record/1",
  preset: "shandong",
  options: { dengsi: false, feng_j: true, j_to_6: true },
  seed: 7,
  round: 1,
  players: ["N", "E", "S", "W"],
  levels_before: ["A", "A", "A", "A"],
  dealer: 1,
  banker: 1,
  level_rank: "A",
  deal: [
    ["4S", "6S"],
    ["LJ", "7H", "7H", "9C", "4D"],
    ["LJ", "8H", "8H", "9H", "9H", "5D", "KD", "QD"],
    ["2S", "QC"],
  ],
  kitty: ["4H", "10C"],
  bids: [
    { seat: 1, cards: ["LJ", "7H", "7H"], after_cards_dealt: 5, kind: "liang" },
    { seat: 2, cards: ["LJ", "8H", "8H", "9H", "9H"], after_cards_dealt: 12, kind: "zhan", from_seat: 1, taken: ["LJ", "7H", "7H"], returned: ["5D", "KD", "QD"] },
  ],
  trump_suit: "H",
  bid_count: 2,
  buried_by: 3,
  buried: ["4H", "10C"],
  swaps: [{ from_hand: "4D", from_kitty: "4H" }],
  friend_call: null,
  friend: null,
  tricks: [],
  kitty_points: 10,
  kitty_multiplier: 0,
  attackers_points: -10,
  levels_after: ["A", "4", "A", "4"],
  next_banker: 3,
  scores: [-4, 4, -4, 4],
  penalties: [0, 0, 0, 0],
  events: [],
  match_over: false,
};

const tractor = (): RoundRecord => parseRecord(structuredClone(TRACTOR));
const qidong = (): RoundRecord => parseRecord(structuredClone(QIDONG));
const shandong = (): RoundRecord => parseRecord(structuredClone(SHANDONG));
const sorted = (cards: string[]) => [...cards].sort();

describe("parseRecord", () => {
  it("accepts the worked examples and keeps extra keys", () => {
    expect(tractor().redeals).toBe(0);
    expect(qidong().seed).toBeNull();
    expect(shandong().bids[1].kind).toBe("zhan");
  });

  it("defaults events to none", () => {
    const { events: _events, ...rest } = structuredClone(TRACTOR);
    expect(parseRecord(rest).events).toEqual([]);
  });

  it("refuses a bid kind, seed or match_over RECORD.md does not know", () => {
    const record = structuredClone(SHANDONG);
    const pathOf = (change: Record<string, unknown>) => {
      try {
        parseRecord({ ...structuredClone(record), ...change });
      } catch (err) {
        return err instanceof RecordFormatError ? err.path : String(err);
      }
      return null;
    };
    expect(pathOf({ bids: [{ ...record.bids[0], kind: "steal" }] })).toBe("bids[0]");
    expect(pathOf({ seed: "7" })).toBe("seed");
    expect(pathOf({ match_over: "yes" })).toBe("match_over");
    expect(pathOf({})).toBeNull();
  });

  it("names the key that is wrong", () => {
    const bad = (change: Record<string, unknown>) => () => parseRecord({ ...structuredClone(TRACTOR), ...change });
    expect(bad({ format: "zpy-record/2" })).toThrow(RecordFormatError);
    expect(() => parseRecord(null)).toThrow(RecordFormatError);
    try {
      bad({ deal: [["AS"], ["KS"]] })();
      expect.unreachable();
    } catch (err) {
      expect((err as RecordFormatError).path).toBe("deal");
    }
    try {
      bad({ tricks: [{ leader: 9, plays: [], winner: 0, points: 0 }] })();
      expect.unreachable();
    } catch (err) {
      expect((err as RecordFormatError).path).toBe("tricks[0]");
    }
    expect(bad({ trump_suit: "X" })).toThrow(/trump_suit/);
    expect(bad({ kitty: ["1S"] })).toThrow(/kitty/);
  });
});

describe("tractor worked example", () => {
  it("knows the sides", () => {
    const r = tractor();
    expect(bankerSide(r)).toEqual([1, 3]);
    expect(attackers(r)).toEqual([0, 2]);
    expect(bandUnit(r)).toBe(40);
    expect(friendRevealTrick(r)).toBeNull();
  });

  it("step 0 is the deal; the banker takes the kitty and buries", () => {
    const r = tractor();
    expect(handsAt(r, 0)).toEqual(TRACTOR.deal);
    const start = handsAfterKitty(r);
    expect(sorted(start[1])).toEqual(sorted(["AS", "10H", "4D", "6C"]));
    expect(start[0]).toEqual(TRACTOR.deal[0]);
    expect(finalKitty(r)).toEqual(["KC", "3D"]);
  });

  it("removes each trick's cards at its step", () => {
    const r = tractor();
    expect(handsAt(r, 1)).toEqual([["KS", "3C", "2H"], ["10H", "4D", "6C"], ["KD", "7C", "BJ"], ["QS", "8C", "5D"]]);
    expect(handsAt(r, 3)).toEqual([["KS"], ["10H"], ["BJ"], ["QS"]]);
    expect(handsAt(r, 4)).toEqual([[], [], [], []]);
    expect(mismatches(r)).toEqual([]);
  });

  it("counts points per seat and for the attackers", () => {
    const r = tractor();
    expect(pointsBySeat(r, 0)).toEqual([0, 0, 0, 0]);
    expect(pointsBySeat(r, 2)).toEqual([0, 15, 0, 0]);
    expect(pointsBySeat(r, 4)).toEqual([15, 15, 20, 0]);
    expect([0, 1, 2, 3, 4].map((step) => attackersPointsAt(r, step))).toEqual([0, 0, 0, 15, 35]);
  });

  it("summarises the tricks", () => {
    const s = trickSummaries(tractor());
    expect(s.map((t) => [t.number, t.leader, t.winner, t.points, t.winnerSide, t.attackersSoFar])).toEqual([
      [1, 1, 1, 15, "banker", 0],
      [2, 1, 3, 0, "banker", 0],
      [3, 3, 0, 15, "attackers", 15],
      [4, 0, 2, 20, "attackers", 35],
    ]);
    expect(s.every((t) => t.failedThrow === null && t.units === null && !t.friendRevealed)).toBe(true);
  });

  it("explains X = 35 + 10 × 2 = 55: banker side +1", () => {
    expect(outcomeOf(tractor())).toEqual({
      trickPoints: 35,
      kitty: ["KC", "3D"],
      kittyPoints: 10,
      multiplier: 2,
      kittyCase: "kou",
      kittyBonus: 20,
      other: 0,
      x: 55,
      u: 40,
      band: { side: "banker", k: 1 },
    });
  });

  it("finds the seat events of a step", () => {
    const r = tractor();
    expect(eventsAt(r, 1)).toEqual([{ kind: "bot", seat: 0, after_trick: 1 }]);
    expect(eventsAt(r, 2)).toEqual([]);
  });

  it("sorts a hand: ♠ ♥ ♣ ♦, trumps last (off-suit level cards, then the trump-suit one, jokers)", () => {
    const r = tractor();
    expect(sortHand(r, ["BJ", "2H", "AS", "2S", "3H", "KD", "3S", "LJ", "AH"])).toEqual(["3S", "AS", "KD", "3H", "AH", "2S", "2H", "LJ", "BJ"]);
  });
});

describe("qidong worked example", () => {
  it("has the called friend, shown in trick 1", () => {
    const r = qidong();
    expect(bankerSide(r)).toEqual([0, 2]);
    expect(friendRevealTrick(r)).toBe(0);
    expect(trickSummaries(r)[0].friendRevealed).toBe(true);
  });

  it("plays only the forced card of a failed throw", () => {
    const r = qidong();
    expect(handsAt(r, 2)[1]).toEqual(["AH", "KH"]);
    expect(handsAt(r, 4)).toEqual([[], [], [], [], []]);
    expect(mismatches(r)).toEqual([]);
    expect(trickSummaries(r)[1].failedThrow).toEqual({ seat: 1, attempted: ["AH", "KH", "3H"], forced: ["3H"], back: ["AH", "KH"] });
  });

  it("explains X = 25 − 15 = 10: banker side wins with k = 2", () => {
    const o = outcomeOf(qidong());
    expect(o.trickPoints).toBe(25);
    expect(o.kittyCase).toBe("none");
    expect(o.kittyBonus).toBe(0);
    expect(o.other).toBe(-15);
    expect(o.x).toBe(10);
    expect(o.band).toEqual({ side: "banker", k: 2 });
    expect(pointsBySeat(qidong(), 4)).toEqual([20, 25, 0, 0, 0]);
  });
});

describe("shandong kitty handling", () => {
  it("applies 粘, the partner's burial and the declarer's swap", () => {
    const r = shandong();
    expect(declarerOf(r)).toBe(1);
    expect(bankerSide(r)).toEqual([1, 3]);
    const hands = handsAfterKitty(r);
    expect(sorted(hands[1])).toEqual(sorted(["9C", "5D", "KD", "QD", "4H"]));
    expect(sorted(hands[2])).toEqual(sorted(["LJ", "8H", "8H", "9H", "9H", "LJ", "7H", "7H"]));
    expect(sorted(hands[3])).toEqual(sorted(["2S", "QC"]));
    expect(hands[0]).toEqual(["4S", "6S"]);
    expect(finalKitty(r)).toEqual(["4D", "10C"]);
  });

  it("keeps the kitty against the attackers (保底) when the banker's side took the last trick", () => {
    const r = shandong();
    r.tricks = [{ leader: 1, plays: [{ seat: 1, cards: ["4H"] }], winner: 1, points: 0 }];
    const o = outcomeOf(r);
    expect(o.kittyCase).toBe("bao");
    expect(o.kittyBonus).toBe(-10);
    expect(o.other).toBe(0);
    expect(o.band).toEqual({ side: "banker", k: 4 }); // −40 ≤ −10 < 0
  });

  it("orders 常主: level, then 5 > 3 > 2, trump suit first in each tier", () => {
    const r = shandong();
    const suits = suitMapOf(r);
    expect(suits.S).toEqual(["4S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]);
    // prettier-ignore
    expect(suits.trump).toEqual([
      "4H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", // trump-suit plain cards
      "2S", "2C", "2D", "2H", "3S", "3C", "3D", "3H", "5S", "5C", "5D", "5H", // 常主 2 < 3 < 5
      "AS", "AC", "AD", "AH", "LJ", "BJ", // level cards, jokers
    ]);
    expect(sortHand(r, ["2S", "5D", "AH", "AS", "4H", "3C", "BJ", "KH", "KS"], suits)).toEqual(["KS", "4H", "KH", "2S", "3C", "5D", "AS", "AH", "BJ"]);
    const all = Object.values(suits).flat();
    expect(all).toHaveLength(54);
  });
});

describe("bandOf (R-9.4)", () => {
  it("two and three decks", () => {
    const band = (x: number, u = 40) => bandOf("tractor", x, u);
    expect(band(-5)).toEqual({ side: "banker", k: 3 });
    expect(band(0)).toEqual({ side: "banker", k: 3 });
    expect(band(35)).toEqual({ side: "banker", k: 2 });
    expect(band(40)).toEqual({ side: "banker", k: 1 });
    expect(band(79)).toEqual({ side: "banker", k: 1 });
    expect(band(80)).toEqual({ side: "stepdown", k: 0 });
    expect(band(119)).toEqual({ side: "stepdown", k: 0 });
    expect(band(120)).toEqual({ side: "attackers", k: 1 });
    expect(band(159)).toEqual({ side: "attackers", k: 1 });
    expect(band(160)).toEqual({ side: "attackers", k: 2 });
    expect(band(65, 60)).toEqual({ side: "banker", k: 1 }); // 闲家 65 分：庄家方升 1 级
    expect(band(125, 60)).toEqual({ side: "stepdown", k: 0 });
    expect(band(195, 60)).toEqual({ side: "attackers", k: 1 });
  });

  it("shandong, X may be negative", () => {
    const band = (x: number) => bandOf("shandong", x, 40);
    expect(band(150)).toEqual({ side: "attackers", k: 2 });
    expect(band(80)).toEqual({ side: "attackers", k: 1 });
    expect(band(79)).toEqual({ side: "banker", k: 1 });
    expect(band(40)).toEqual({ side: "banker", k: 1 });
    expect(band(5)).toEqual({ side: "banker", k: 2 });
    expect(band(0)).toEqual({ side: "banker", k: 3 });
    expect(band(-1)).toEqual({ side: "banker", k: 4 });
    expect(band(-40)).toEqual({ side: "banker", k: 4 });
    expect(band(-41)).toEqual({ side: "banker", k: 5 });
    expect(band(-81)).toEqual({ side: "banker", k: 6 });
  });
});
