// Wire shapes of the round (docs/round-format.md § Views, Events; docs/protocol.md § view),
// generated from the server's schema (`make schema`: wire.gen.ts), not written here.
import type {
  BidDict,
  Events,
  PlayDict,
  ResultDict,
  Room,
  TrickDict,
  ViewDict,
  FriendCallChoice,
} from "../../wire.gen";

export type { BidChoice, ChatLine, RoundOver, ViewMessage } from "../../wire.gen";
export type PlayRec = PlayDict;
export type Trick = TrickDict;
export type BidRec = BidDict;
export type View = ViewDict;
export type FriendChoice = FriendCallChoice;
export type RoomMessage = Room;
export type RoundResult = ResultDict;
export type GameEvent = Events["events"][number];
