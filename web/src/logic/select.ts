// What the client can judge of a selection before sending it; the server stays the judge.
import { countCards, effectiveSuit, type EffectiveSuit, type SuitMap } from "../cards";
import { m, type Msg } from "../i18n";

export interface Shape {
  kind: string; // tuple, tractor, rain, snow, thunder, lightning
  width: number;
  length: number;
  extra: number;
}

export interface Problem {
  msg: Msg;
  params?: Record<string, string | number>;
  /** The suit the message names as {suit}, put in the reader's language when shown. */
  suit?: EffectiveSuit;
}

export const SUIT_NAMES: Record<EffectiveSuit, Msg> = {
  S: m("♠", "♠", "♠"),
  H: m("♥", "♥", "♥"),
  C: m("♣", "♣", "♣"),
  D: m("♦", "♦", "♦"),
  trump: m("主牌", "主牌", "trumps"),
};

export const PROBLEMS = {
  empty: m("请选牌", "請選牌", "Select cards"),
  oneSuit: m("首家一次只能出同一门花色 (R-4.1)", "首家一次只能出同一門花色 (R-4.1)", "A lead is of one suit only (R-4.1)"),
  count: m("需出 {n} 张 (R-5.1)", "需出 {n} 張 (R-5.1)", "Play exactly {n} cards (R-5.1)"),
  allOfSuit: m("须出完手里 {h} 张{suit} (R-5.1)", "須出完手裡 {h} 張{suit} (R-5.1)", "Play all {h} of your {suit} (R-5.1)"),
  followSuit: m("有{suit}必须跟{suit} (R-5.2)", "有{suit}必須跟{suit} (R-5.2)", "You must follow {suit} (R-5.2)"),
  pair: m("必须跟对 (R-5.2)", "必須跟對 (R-5.2)", "You must follow with a pair (R-5.2)"),
  triple: m("必须跟三张 (R-5.2)", "必須跟三張 (R-5.2)", "You must follow with a triple (R-5.2)"),
  bury: m("需扣 {n} 张底牌 (R-7.1)", "需扣 {n} 張底牌 (R-7.1)", "Bury exactly {n} cards (R-7.1)"),
  giveBack: m("需还 {n} 张 (R-8.4)", "需還 {n} 張 (R-8.4)", "Give back exactly {n} cards (R-8.4)"),
};

function maxCopies(cards: readonly string[]): number {
  let best = 0;
  for (const n of countCards(cards).values()) best = Math.max(best, n);
  return best;
}

/** A lead: one effective suit; whether it is a good unit or throw the server says. */
export function leadProblem(selected: readonly string[], suits: SuitMap | null): Problem | null {
  if (selected.length === 0) return { msg: PROBLEMS.empty };
  const first = effectiveSuit(selected[0], suits);
  if (selected.some((card) => effectiveSuit(card, suits) !== first)) return { msg: PROBLEMS.oneSuit };
  return null;
}

/**
 * A follow of a lead of `leadCount` cards in `leadSuit`: the count and suit of,
 * and the structure where the lead is one pair or one triple (the whole rule is the server's).
 */
export function followProblem(
  selected: readonly string[],
  hand: readonly string[],
  leadCount: number,
  leadSuit: EffectiveSuit,
  shapes: readonly Shape[],
  suits: SuitMap | null,
): Problem | null {
  if (selected.length === 0) return { msg: PROBLEMS.empty };
  if (selected.length !== leadCount) return { msg: PROBLEMS.count, params: { n: leadCount } };
  const inSuit = (card: string) => effectiveSuit(card, suits) === leadSuit;
  const held = hand.filter(inSuit);
  const played = selected.filter(inSuit);
  if (held.length <= leadCount) {
    if (played.length < held.length) return { msg: PROBLEMS.allOfSuit, params: { h: held.length }, suit: leadSuit };
    return null;
  }
  if (played.length < leadCount) return { msg: PROBLEMS.followSuit, suit: leadSuit };
  if (shapes.length === 1 && shapes[0].kind === "tuple" && shapes[0].length === 1) {
    const width = shapes[0].width;
    const best = Math.min(width, maxCopies(held));
    if (maxCopies(played) < best) return { msg: best === 3 ? PROBLEMS.triple : PROBLEMS.pair };
  }
  return null;
}

export function countProblem(selected: readonly string[], needed: number, msg: Msg): Problem | null {
  return selected.length === needed ? null : { msg, params: { n: needed } };
}
