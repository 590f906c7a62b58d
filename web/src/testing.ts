// Test fixtures written from RULES.md R-2 alone (not from the server's `suits`).
import type { SuitMap } from "./cards";

const ORDINARY = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** `tractor`/`zhaopengyou` order for a level rank and trump suit, weakest first. */
export function tractorSuits(level: string, trump: "S" | "H" | "C" | "D"): SuitMap {
  const ordinary = ORDINARY.filter((rank) => rank !== level);
  const suits = { S: [], H: [], C: [], D: [], trump: [] } as SuitMap;
  for (const suit of ["S", "H", "C", "D"] as const) {
    if (suit !== trump) suits[suit] = ordinary.map((rank) => `${rank}${suit}`);
  }
  const offLevel = (["S", "H", "C", "D"] as const).filter((suit) => suit !== trump).map((suit) => `${level}${suit}`);
  suits.trump = [...ordinary.map((rank) => `${rank}${trump}`), ...offLevel, `${level}${trump}`, "LJ", "BJ"];
  return suits;
}
