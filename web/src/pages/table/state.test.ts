import { describe, expect, it } from "vitest";
import type { ServerMessage } from "../../ws";
import { INITIAL, reduce, type TableState } from "./state";

const room = {
  type: "room",
  room: { status: "playing" },
  you: { seat: 1 },
  standings: null,
  round: 1,
  result: null,
} as unknown as ServerMessage;

// Fixtures hold the fields a test is about, not every field of the wire type.
function events(round: number, list: Record<string, unknown>[]): ServerMessage {
  return { type: "events", round, events: list } as unknown as ServerMessage;
}

function fold(messages: ServerMessage[]): TableState {
  return messages.reduce((state, message) => reduce(state, message, 0), INITIAL);
}

describe("the table's state", () => {
  it("keeps one's own dealt cards and every seat's count, once per event", () => {
    const deal = events(1, [
      { seq: 1, kind: "card_dealt", seat: 0, dealt: 1 },
      { seq: 2, kind: "card_dealt", seat: 1, dealt: 2, card: "AS" },
      { seq: 3, kind: "card_dealt", seat: 1, dealt: 3, card: "BJ" },
    ]);
    // A resync repeats seq 3: it must not count twice.
    const state = fold([room, deal, events(1, [{ seq: 3, kind: "card_dealt", seat: 1, dealt: 3, card: "BJ" }])]);
    expect(state.hand).toEqual(["AS", "BJ"]);
    expect(state.handSizes).toEqual([1, 2]);
    expect(state.dealt).toBe(3);
    expect(state.seq).toBe(3);
  });

  it("shows a failed throw until its trick is won (R-4.4), and forgets it with a new round", () => {
    const failed = { seq: 10, kind: "throw_failed", seat: 2, attempted: ["AS", "KS"], forced: ["KS"], rule: "R-4.4" };
    let state = fold([room, events(1, [failed])]);
    expect(state.failedThrow).toEqual(failed);
    expect(state.log.map((e) => e.kind)).toEqual(["throw_failed"]);
    state = reduce(state, events(1, [{ seq: 11, kind: "played", seat: 3, cards: ["3S"] }]), 0);
    expect(state.failedThrow).toEqual(failed);
    state = reduce(state, events(1, [{ seq: 12, kind: "trick_won", seat: 3, points: 0, trick: 1 }]), 0);
    expect(state.failedThrow).toBeNull();
    state = fold([room, events(1, [failed]), events(2, [{ seq: 1, kind: "card_dealt", seat: 0, dealt: 1 }])]);
    expect(state.failedThrow).toBeNull();
    expect(state.round).toBe(2);
  });

  it("starts the turn clock from the view's seconds left", () => {
    const view = {
      type: "view",
      round: 1,
      seq: 5,
      tricks_from: 0,
      turn_seconds_left: 12.5,
      view: { tricks: [], hand: ["3S"], hand_sizes: [1, 1], cards_dealt: 2 },
    } as unknown as ServerMessage;
    const state = reduce(fold([room]), view, 1000);
    expect(state.deadline).toBe(1000 + 12_500);
    expect(state.clockFrom).toBe(1000); // the clock reads no more than 12.5 s from then
    expect(state.hand).toEqual(["3S"]);
    expect(state.seq).toBe(5);
  });

  it("logs the round oldest first, each won trick included", () => {
    const state = fold([
      room,
      events(1, [
        { seq: 1, kind: "bid", seat: 0, cards: ["2S"] },
        { seq: 2, kind: "played", seat: 0, cards: ["AS"], trick: 1, lead: true },
        { seq: 3, kind: "trick_won", seat: 0, points: 10, trick: 1 },
        { seq: 4, kind: "friend_revealed", seat: 2 },
      ]),
    ]);
    expect(state.log.map((e) => e.kind)).toEqual(["bid", "trick_won", "friend_revealed"]);
  });

  it("keeps the kitty's cards the seat took, and a banner for the friend and for 扣底", () => {
    let state = fold([room, events(1, [{ seq: 1, kind: "kitty_taken", seat: 1, cards: ["AS", "3H"] }])]);
    expect(state.fromKitty).toEqual(["AS", "3H"]);
    state = reduce(state, events(1, [{ seq: 2, kind: "kitty_taken", seat: 0, cards: [] }]), 0);
    expect(state.fromKitty).toEqual(["AS", "3H"]); // another seat's kitty: not this hand's
    expect(state.banner).toBeNull();
    state = reduce(state, events(1, [{ seq: 3, kind: "friend_revealed", seat: 2 }]), 0);
    expect(state.banner?.kind).toBe("friend_revealed");
    const kept = { seq: 4, kind: "kitty_revealed", cards: ["5S"], points: 5, multiplier: 0 };
    state = reduce(state, events(1, [kept]), 0);
    expect(state.banner?.kind).toBe("friend_revealed"); // the banker kept it: no 扣底
    const empty = { seq: 5, kind: "kitty_revealed", cards: ["3S"], points: 0, multiplier: 4 };
    state = reduce(state, events(1, [empty]), 0);
    expect(state.banner?.kind).toBe("friend_revealed"); // a kitty without points: nothing to say
    const captured = { ...kept, seq: 6, multiplier: 4 };
    state = reduce(state, events(1, [captured]), 0);
    expect(state.banner).toEqual(captured);
  });

  it("keeps a refusal until the table moves on, then clears it", () => {
    const view = (seq: number) =>
      ({
        type: "view",
        round: 1,
        seq,
        tricks_from: 0,
        turn_seconds_left: null,
        view: { tricks: [], hand: ["3S"], hand_sizes: [1, 1], cards_dealt: 2 },
      }) as unknown as ServerMessage;
    const refusal = { type: "error", code: "illegal", message: "有♣必须跟♣", rule: "R-5.2", ref: "1" } as unknown as ServerMessage;
    let state = fold([room, view(5), refusal]);
    expect(state.error?.rule).toBe("R-5.2");
    state = reduce(state, view(5), 0); // the same decision, looked at again
    expect(state.error?.rule).toBe("R-5.2");
    state = reduce(state, view(6), 0); // a card was played
    expect(state.error).toBeNull();
  });
});
