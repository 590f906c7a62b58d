import { describe, expect, it } from "vitest";
import { tractorSuits } from "../testing";
import { PROBLEMS, countProblem, followProblem, leadProblem, type Shape } from "./select";

// RULES.md R-5's worked examples play at level 2 with ♥ trump.
const suits = tractorSuits("2", "H");
const single: Shape[] = [{ kind: "tuple", width: 1, length: 1, extra: 0 }];
const pair: Shape[] = [{ kind: "tuple", width: 2, length: 1, extra: 0 }];
const triple: Shape[] = [{ kind: "tuple", width: 3, length: 1, extra: 0 }];

describe("leads (R-4.1)", () => {
  it("refuses nothing selected and mixed effective suits", () => {
    expect(leadProblem([], suits)?.msg).toBe(PROBLEMS.empty);
    expect(leadProblem(["AS", "KC"], suits)?.msg).toBe(PROBLEMS.oneSuit);
  });

  it("accepts trumps of different printed suits together", () => {
    expect(leadProblem(["AH", "2S", "BJ"], suits)).toBeNull();
    expect(leadProblem(["AS", "AS", "KS"], suits)).toBeNull();
  });
});

describe("follows (R-5.1, R-5.2)", () => {
  it("needs exactly the lead's count", () => {
    const problem = followProblem(["AS"], ["AS", "KS"], 2, "S", pair, suits);
    expect(problem).toEqual({ msg: PROBLEMS.count, params: { n: 2 } });
  });

  it("R-5.1: with h ≤ n every card of the suit goes in", () => {
    const hand = ["9S", "3C", "4C", "AH"];
    expect(followProblem(["3C", "4C"], hand, 2, "S", pair, suits)).toEqual({
      msg: PROBLEMS.allOfSuit,
      params: { h: 1 },
      suit: "S",
    });
    expect(followProblem(["9S", "AH"], hand, 2, "S", pair, suits)).toBeNull();
  });

  it("R-5.2: with h > n all cards come from the suit", () => {
    const hand = ["9S", "QS", "KS", "3C"];
    expect(followProblem(["9S", "3C"], hand, 2, "S", pair, suits)).toEqual({ msg: PROBLEMS.followSuit, suit: "S" });
  });

  it("R-5.2 example: pair led, hand ♠8♠8♠8♠K must play two ♠8", () => {
    const hand = ["8S", "8S", "8S", "KS"];
    expect(followProblem(["8S", "KS"], hand, 2, "S", pair, suits)?.msg).toBe(PROBLEMS.pair);
    expect(followProblem(["8S", "8S"], hand, 2, "S", pair, suits)).toBeNull();
  });

  it("R-5.2 example: triple led, no triple but ♠7♠7 must play the pair and one more", () => {
    const hand = ["7S", "7S", "9S", "KS", "QC"];
    expect(followProblem(["7S", "9S", "KS"], hand, 3, "S", triple, suits)?.msg).toBe(PROBLEMS.pair);
    expect(followProblem(["7S", "7S", "KS"], hand, 3, "S", triple, suits)).toBeNull();
  });

  it("a triple held must follow a triple", () => {
    const hand = ["7S", "7S", "7S", "KS"];
    expect(followProblem(["7S", "7S", "KS"], hand, 3, "S", triple, suits)?.msg).toBe(PROBLEMS.triple);
  });

  it("follows trumps with trumps of any printed suit", () => {
    const hand = ["2S", "AH", "3C"];
    expect(followProblem(["3C"], hand, 1, "trump", single, suits)).toEqual({ msg: PROBLEMS.followSuit, suit: "trump" });
    expect(followProblem(["2S"], hand, 1, "trump", single, suits)).toBeNull();
    const short = ["2S", "3C", "4C"];
    expect(followProblem(["3C", "4C"], short, 2, "trump", pair, suits)).toEqual({ msg: PROBLEMS.allOfSuit, params: { h: 1 }, suit: "trump" });
  });

  it("lets a void follower play anything (R-5.4)", () => {
    expect(followProblem(["BJ", "3C"], ["BJ", "3C", "4C"], 2, "S", pair, suits)).toBeNull();
  });
});

describe("burial and give-back counts", () => {
  it("names the needed count", () => {
    expect(countProblem(["3S"], 8, PROBLEMS.bury)).toEqual({ msg: PROBLEMS.bury, params: { n: 8 } });
    expect(countProblem(["3S", "4S"], 2, PROBLEMS.giveBack)).toBeNull();
  });
});
