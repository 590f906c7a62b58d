import { describe, expect, it } from "vitest";
import type { Standings } from "../../api";
import { kittyText, winnersText } from "./result";
import type { RoundOver } from "./types";

function result(kitty_points: number, kitty_multiplier: number, kitty_bonus: number): RoundOver["result"] {
  return { kitty: ["5S", "BJ"], kitty_points, kitty_multiplier, kitty_bonus } as RoundOver["result"];
}

describe("the kitty line of a result", () => {
  it("says what was done to X: 扣底 adds, 保底 subtracts, a kept kitty does nothing", () => {
    expect(kittyText(result(105, 2, 210), "zh-Hans")).toBe("底牌 ♠5 大王：105 分 × 2 = 210");
    // 山东: the banker's side took the last trick, the kitty's points come off X.
    const guarded = kittyText(result(105, 0, -105), "zh-Hans");
    expect(guarded).toContain("扣掉 105 分");
    expect(guarded).toContain("R-7.3");
    expect(guarded).not.toContain("不计");
    expect(kittyText(result(5, 0, 0), "zh-Hans")).toContain("不计 (R-7.2)");
    expect(kittyText(result(105, 0, -105), "en")).toContain("taken off");
  });
});

describe("the winners of a series", () => {
  const standings = (totals: number[], winners: number[]) => ({ totals, winners }) as unknown as Standings;
  const name = (seat: number) => ["甲", "Bob", "丙", "Dan"][seat];

  it("lists the winners in the language's own way, and names nobody when all tie", () => {
    expect(winnersText(standings([3, -1, 3, -5], [0, 2]), name, "zh-Hans")).toBe("冠军：甲、丙");
    expect(winnersText(standings([3, 3, -1, -5], [0, 1]), name, "en")).toBe("Winners: 甲, Bob");
    expect(winnersText(standings([0, 0, 0, 0], [0, 1, 2, 3]), name, "zh-Hans")).toBe("全部打平，没有冠军");
  });
});
