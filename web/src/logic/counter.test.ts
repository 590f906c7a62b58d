import { describe, expect, it } from "vitest";
import { tractorSuits } from "../testing";
import { cardCounter } from "./counter";

const suits = tractorSuits("2", "H");
const allCards = [...suits.S, ...suits.H, ...suits.C, ...suits.D, ...suits.trump];

describe("记牌器", () => {
  it("shows every copy out before anything is seen", () => {
    const counter = cardCounter(2, suits, [], []);
    expect(counter.lines.map((line) => line.suit)).toEqual(["S", "H", "C", "D", "trump"]);
    expect(counter.lines.reduce((sum, line) => sum + line.outCount, 0)).toBe(108);
    expect(counter.pointsOut).toBe(200); // 100 per deck
    expect(counter.lines[0].out[0]).toEqual({ card: "AS", copies: 2 }); // strongest first
    expect(counter.lines[4].out[0]).toEqual({ card: "BJ", copies: 2 });
  });

  it("takes out played cards and the player's own, and totals the points played", () => {
    const played = ["KS", "KS", "5D", "3C"];
    const known = ["AS", "10C", "BJ"];
    const counter = cardCounter(2, suits, played, known);
    const spades = counter.lines[0];
    expect(spades.out.find((entry) => entry.card === "KS")).toBeUndefined();
    expect(spades.out.find((entry) => entry.card === "AS")).toEqual({ card: "AS", copies: 1 });
    expect(counter.lines.reduce((sum, line) => sum + line.outCount, 0)).toBe(2 * allCards.length - 7);
    expect(counter.pointsPlayed).toEqual([
      { card: "KS", copies: 2 },
      { card: "5D", copies: 1 },
    ]);
    expect(counter.pointsPlayedTotal).toBe(25);
    expect(counter.pointsOut).toBe(200 - 25 - 10);
  });
});
