import { describe, expect, it } from "vitest";
import { kittyText } from "./result";
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
