// Wire shapes of the round (docs/round-format.md § Views, Events; docs/protocol.md § view).
import type { RoomSummary, Standings } from "../../api";
import type { SuitMap } from "../../cards";
import type { Shape } from "../../logic/select";

export interface PlayRec {
  seat: number;
  cards: string[];
}

export interface Trick {
  leader: number;
  plays: PlayRec[];
  units: string[][];
  lead_suit: string;
  winner: number;
  points: number;
}

export interface BidRec {
  seat: number;
  cards: string[];
  after_cards_dealt: number;
  kind: string | null;
  from_seat: number | null;
}

export interface View {
  seat: number | null;
  preset: string;
  options: Record<string, unknown>;
  phase: string;
  round: number;
  dealer: number;
  banker: number | null;
  levels: string[] | null;
  level_rank: string | null;
  trump_suit: string | null;
  hand: string[];
  hand_sizes: number[];
  cards_dealt: number;
  bids: BidRec[];
  to_act: number | null;
  may: string[];
  buried: string[];
  declarer: number | null;
  must_give_back: number;
  kitty_trumps: string[];
  swaps: [string, string][];
  swap_count: number;
  kitty_turned: string[];
  friend_call: string | null;
  solo: boolean;
  friend: number | null;
  tricks: Trick[];
  current: PlayRec[];
  lead_units: string[][];
  lead_shapes: Shape[];
  lead_suit: string | null;
  points_won: number[];
  penalties: number[];
}

export interface BidChoice {
  cards: string[];
  bid_kind: string | null;
}

export interface FriendChoice {
  card: string | null;
  solo: boolean;
}

export interface ViewMessage {
  round: number;
  seq: number;
  tricks_from: number;
  view: View;
  suits: SuitMap | null;
  choices: { bids: BidChoice[]; friend_calls: FriendChoice[] };
  scoreboard: { seats: number[]; points: number }[];
  decks: number;
  kitty_size: number;
  turn_seconds_left: number | null;
}

export interface RoomMessage {
  room: RoomSummary;
  you: { seat: number | null };
  standings: Standings | null;
  round: number | null;
  result: Standings | null;
}

export interface RoundResult {
  attackers_points: number;
  trick_points: number;
  kitty: string[];
  kitty_points: number;
  kitty_multiplier: number;
  side: string;
  k: number;
  banker_side: number[];
  levels_after: string[] | null;
  scores: number[];
  penalties: number[];
  next_banker: number | null;
  bank_held_at_top: boolean;
}

export interface RoundOver {
  round: number;
  round_id: number;
  result: RoundResult;
  standings: Standings;
}

export interface GameEvent {
  kind: string;
  seq: number;
  seat?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
}

export interface ChatLine {
  seat: number | null;
  name: string;
  text?: string;
  phrase?: string;
}
