// The client's selection checks against the engine, on positions of seeded random rounds
// of every preset that tools/select_positions.py exported with the engine's verdicts: the
// client may leave a refusal to the server, but it must never refuse what the engine allows.
import { describe, expect, it } from "vitest";
import type { EffectiveSuit, SuitMap } from "../cards";
import positions from "./positions.json";
import { followProblem, leadProblem, type Shape } from "./select";

interface Position {
  hand: string[];
  leading: boolean;
  lead_suit: string | null;
  lead_count: number;
  shapes: Shape[];
  selections: { cards: string[]; legal: boolean }[];
}

interface ExportedRound {
  preset: string;
  seed: number;
  suits: SuitMap | null;
  positions: Position[];
}

const rounds = positions.rounds as ExportedRound[];

function clientProblem(position: Position, cards: string[], suits: SuitMap | null): boolean {
  if (position.leading) return leadProblem(cards, suits) !== null;
  const leadSuit = position.lead_suit as EffectiveSuit;
  return followProblem(cards, position.hand, position.lead_count, leadSuit, position.shapes, suits) !== null;
}

describe("selection checks against the engine (R-4.1, R-5.1, R-5.2)", () => {
  it("covers thousands of positions of every preset", () => {
    const presets = new Set(rounds.map((round) => round.preset));
    expect([...presets].sort()).toEqual(["qidong", "shandong", "tractor", "zhaopengyou"]);
    const count = rounds.reduce((n, round) => n + round.positions.length, 0);
    expect(count).toBeGreaterThanOrEqual(2000);
  });

  for (const round of rounds) {
    it(`never refuses a legal play: ${round.preset}, seed ${round.seed}`, () => {
      let refusedRightly = 0;
      for (const position of round.positions) {
        for (const selection of position.selections) {
          const refused = clientProblem(position, selection.cards, round.suits);
          if (selection.legal) {
            expect(refused, `${selection.cards.join(" ")} from ${position.hand.join(" ")}`).toBe(false);
          } else if (refused) {
            refusedRightly += 1;
          }
        }
      }
      // The checks do their share: many illegal selections are caught before sending.
      const illegal = round.positions.flatMap((p) => p.selections).filter((s) => !s.legal).length;
      expect(refusedRightly).toBeGreaterThan(illegal / 4);
    });
  }
});
