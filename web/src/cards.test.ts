import { describe, expect, it } from "vitest";
import { cardLabel, effectiveSuit, parseCard, points, sortCards, totalPoints, without } from "./cards";
import { tractorSuits } from "./testing";

describe("cards", () => {
  it("parses the record notation and refuses anything else", () => {
    expect(parseCard("10H")).toEqual({ rank: "10", suit: "H" });
    expect(parseCard("BJ")).toEqual({ rank: "BJ", suit: null });
    expect(() => parseCard("1S")).toThrow("not a card: 1S");
    expect(() => parseCard("AX")).toThrow();
  });

  it("counts points as R-1.3: 100 per deck", () => {
    expect([points("5S"), points("10D"), points("KH"), points("QH"), points("LJ")]).toEqual([5, 10, 10, 0, 0]);
    const deck = tractorSuits("2", "H");
    const oneDeck = [...deck.S, ...deck.H, ...deck.C, ...deck.D, ...deck.trump];
    expect(oneDeck).toHaveLength(54);
    expect(totalPoints(oneDeck)).toBe(100);
  });

  it("labels cards with suit signs and joker names", () => {
    expect(cardLabel("10H")).toBe("♥10");
    expect(cardLabel("LJ")).toBe("小王");
    expect(cardLabel("BJ", "en")).toBe("Big Joker");
  });

  it("puts level cards and the trump suit in the trump suit (R-1.4, R-1.5)", () => {
    const suits = tractorSuits("2", "H");
    expect(effectiveSuit("2S", suits)).toBe("trump");
    expect(effectiveSuit("AH", suits)).toBe("trump");
    expect(effectiveSuit("AS", suits)).toBe("S");
    expect(effectiveSuit("AS", null)).toBe("S");
    expect(effectiveSuit("LJ", null)).toBe("trump");
  });

  it("sorts a hand by effective suit, trumps last in R-2.2 order", () => {
    const suits = tractorSuits("2", "H");
    const hand = ["BJ", "3S", "2H", "AH", "2S", "KS", "5D", "LJ", "4C"];
    expect(sortCards(hand, suits)).toEqual(["3S", "KS", "4C", "5D", "AH", "2S", "2H", "LJ", "BJ"]);
  });

  it("sorts during the deal with level cards and jokers together at the end", () => {
    const hand = ["BJ", "7D", "7S", "AS", "LJ", "3H"];
    expect(sortCards(hand, null, "7")).toEqual(["AS", "3H", "7S", "7D", "LJ", "BJ"]);
  });

  it("takes one copy per taken card", () => {
    expect(without(["5S", "5S", "KH", "5S"], ["5S", "KH"])).toEqual(["5S", "5S"]);
  });
});
