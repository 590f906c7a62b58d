import { describe, expect, it } from "vitest";
import { href, parseRoute, type Route } from "./route";

describe("hash routes", () => {
  it("round-trips every page", () => {
    const routes: Route[] = [
      { page: "lobby" },
      { page: "room", id: "ab12", watch: false },
      { page: "room", id: "ab12", watch: true },
      { page: "replay", round: 17 },
      { page: "leaderboard" },
      { page: "profile", name: "小明 2" },
    ];
    for (const route of routes) expect(parseRoute(href(route))).toEqual(route);
  });

  it("sends anything unknown or incomplete to the lobby", () => {
    for (const hash of ["", "#", "#/nowhere", "#/room", "#/replay/x", "#/profile/"]) {
      expect(parseRoute(hash)).toEqual({ page: "lobby" });
    }
  });
});
