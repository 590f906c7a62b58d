// 记牌器: which cards are still out (not yet played and not in one's own hand or burial).
import { EFFECTIVE_SUITS, points, type EffectiveSuit, type SuitMap } from "../cards";

export interface CounterLine {
  suit: EffectiveSuit;
  /** Cards others may still hold, strongest first, with how many copies. */
  out: { card: string; copies: number }[];
  outCount: number;
}

export interface Counter {
  lines: CounterLine[];
  /** Point cards played so far, with copies, and their total. */
  pointsPlayed: { card: string; copies: number }[];
  pointsPlayedTotal: number;
  pointsOut: number;
}

export function cardCounter(
  decks: number,
  suits: SuitMap,
  played: readonly string[],
  known: readonly string[],
): Counter {
  const seen = new Map<string, number>();
  for (const card of [...played, ...known]) seen.set(card, (seen.get(card) ?? 0) + 1);
  const playedCounts = new Map<string, number>();
  for (const card of played) playedCounts.set(card, (playedCounts.get(card) ?? 0) + 1);
  const lines: CounterLine[] = [];
  let pointsOut = 0;
  const pointsPlayed: { card: string; copies: number }[] = [];
  let pointsPlayedTotal = 0;
  for (const suit of EFFECTIVE_SUITS) {
    const out: { card: string; copies: number }[] = [];
    for (const card of [...suits[suit]].reverse()) {
      const copies = decks - (seen.get(card) ?? 0);
      if (copies > 0) {
        out.push({ card, copies });
        pointsOut += copies * points(card);
      }
      const gone = playedCounts.get(card) ?? 0;
      if (gone > 0 && points(card) > 0) {
        pointsPlayed.push({ card, copies: gone });
        pointsPlayedTotal += gone * points(card);
      }
    }
    lines.push({ suit, out, outCount: out.reduce((sum, line) => sum + line.copies, 0) });
  }
  return { lines, pointsPlayed, pointsPlayedTotal, pointsOut };
}
