// Cards in the wire notation (RECORD.md: rank first, `10H`, `AS`, `LJ` 小王, `BJ` 大王).
import type { Lang } from "./i18n";

export type Suit = "S" | "H" | "C" | "D";
export type EffectiveSuit = Suit | "trump";
/** The server's `suits`: each effective suit's distinct cards, weakest first. */
export type SuitMap = Record<EffectiveSuit, string[]>;

export const SUITS: Suit[] = ["S", "H", "C", "D"];
export const EFFECTIVE_SUITS: EffectiveSuit[] = ["S", "H", "C", "D", "trump"];
export const SUIT_SYMBOL: Record<Suit, string> = { S: "♠", H: "♥", C: "♣", D: "♦" };
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

export interface Card {
  rank: string; // "2" … "A", or "LJ" / "BJ" for the jokers
  suit: Suit | null; // null for a joker
}

export function parseCard(token: string): Card {
  if (token === "LJ" || token === "BJ") return { rank: token, suit: null };
  const suit = token.slice(-1) as Suit;
  const rank = token.slice(0, -1);
  if (!SUITS.includes(suit) || !RANKS.includes(rank)) throw new Error(`not a card: ${token}`);
  return { rank, suit };
}

export function isRed(token: string): boolean {
  return token === "BJ" || token.endsWith("H") || token.endsWith("D");
}

/** Points of a card: 5 → 5, 10 and K → 10. */
export function points(token: string): number {
  const { rank } = parseCard(token);
  return rank === "5" ? 5 : rank === "10" || rank === "K" ? 10 : 0;
}

export function totalPoints(tokens: readonly string[]): number {
  return tokens.reduce((sum, token) => sum + points(token), 0);
}

const JOKER_NAMES: Record<Lang, [string, string]> = {
  "zh-Hans": ["小王", "大王"],
  "zh-Hant": ["小王", "大王"],
  en: ["Small Joker", "Big Joker"],
};

/** How people read a card: ♠10, ♥A, 小王, 大王 (and the English joker names). */
export function cardLabel(token: string, lang: Lang = "zh-Hans"): string {
  if (token === "LJ") return JOKER_NAMES[lang][0];
  if (token === "BJ") return JOKER_NAMES[lang][1];
  const { rank, suit } = parseCard(token);
  return `${SUIT_SYMBOL[suit!]}${rank}`;
}

export function cardsLabel(tokens: readonly string[], lang: Lang = "zh-Hans"): string {
  return tokens.map((token) => cardLabel(token, lang)).join(" ");
}

/** The effective suit of a card, or its printed suit while the trump is unknown. */
export function effectiveSuit(token: string, suits: SuitMap | null): EffectiveSuit {
  if (suits) {
    for (const suit of EFFECTIVE_SUITS) if (suits[suit]?.includes(token)) return suit;
  }
  const { suit } = parseCard(token);
  return suit ?? "trump";
}

/** A sort key: effective suit (♠ ♥ ♣ ♦, trumps last), then strength, weakest first. */
function sortKey(token: string, suits: SuitMap | null, level: string | null): [number, number] {
  const suit = effectiveSuit(token, suits);
  if (suits) return [EFFECTIVE_SUITS.indexOf(suit), suits[suit].indexOf(token)];
  // Trump not known yet (the deal): jokers and level cards together at the end.
  const { rank, suit: printed } = parseCard(token);
  if (printed === null) return [5, rank === "LJ" ? 100 : 101];
  if (rank === level) return [4, SUITS.indexOf(printed)];
  return [SUITS.indexOf(printed), RANKS.indexOf(rank)];
}

export function sortCards(tokens: readonly string[], suits: SuitMap | null, level: string | null = null): string[] {
  return [...tokens].sort((a, b) => {
    const [sa, ra] = sortKey(a, suits, level);
    const [sb, rb] = sortKey(b, suits, level);
    return sa - sb || ra - rb;
  });
}

/** Count copies: {token: n}. */
export function countCards(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** Take `taken` out of `tokens` (one copy each); what is left, in order. */
export function without(tokens: readonly string[], taken: readonly string[]): string[] {
  const counts = countCards(taken);
  return tokens.filter((token) => {
    const n = counts.get(token) ?? 0;
    if (n === 0) return true;
    counts.set(token, n - 1);
    return false;
  });
}
