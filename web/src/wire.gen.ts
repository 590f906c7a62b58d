// Generated from protocol.schema.json (zpy schema) by make schema: do not edit.

/**
 * The zhaopengyou protocol 1 (docs/protocol.md): client, a message a client sends; server, one the server sends; http, what each HTTP endpoint answers.
 */
export interface Protocol {
  client: Hello | Lobby | Join | Watch | Leave | Ready | AddBot | Act | Trustee | Chat | Resync | Hint | Ping;
  http: HttpAnswers;
  server:
    | Welcome
    | Pong
    | Ack
    | Error
    | Room
    | LobbyRooms
    | LobbyRoom
    | LobbyRoomGone
    | Events
    | ViewMessage
    | RoundOver
    | SeriesOver
    | ChatLine
    | HintAnswer;
}
/**
 * First message: the protocol version, the session token, the language.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Hello".
 */
export interface Hello {
  lang?: "zh-Hans" | "zh-Hant" | "en";
  ref?: string | null;
  token: string;
  type: "hello";
  version: number;
}
/**
 * Follow the lobby: the open rooms now, then every change.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Lobby".
 */
export interface Lobby {
  follow?: boolean;
  ref?: string | null;
  type: "lobby";
}
/**
 * Sit down (``seat``, or the first free seat when null) in a room found by id or by
 * its invitation code; a player already seated there gets the seat back.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Join".
 */
export interface Join {
  code?: string | null;
  ref?: string | null;
  room?: string | null;
  seat?: number | null;
  since?: Since | null;
  type: "join";
}
/**
 * What a returning client has already seen: a round and an event number.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Since".
 */
export interface Since {
  round: number;
  seq: number;
}
/**
 * Watch a room as a spectator.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Watch".
 */
export interface Watch {
  code?: string | null;
  ref?: string | null;
  room?: string | null;
  since?: Since | null;
  type: "watch";
}
/**
 * Leave the room; a seated player leaving a series in play is a 强退 (R-11.2).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Leave".
 */
export interface Leave {
  ref?: string | null;
  type: "leave";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Ready".
 */
export interface Ready {
  ready?: boolean;
  ref?: string | null;
  type: "ready";
}
/**
 * Put a bot in an empty seat (or take it out) before the series starts.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "AddBot".
 */
export interface AddBot {
  ref?: string | null;
  remove?: boolean;
  seat: number;
  type: "add_bot";
}
/**
 * An engine action (``Action.to_dict()``) for one's own seat.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Act".
 */
export interface Act {
  action:
    | BidActionDict
    | PassActionDict
    | BuryActionDict
    | CallFriendActionDict
    | PlayActionDict
    | GiveBackActionDict
    | SwapActionDict;
  ref?: string | null;
  round?: number | null;
  type: "action";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "BidActionDict".
 */
export interface BidActionDict {
  bid_kind: string | null;
  cards: string[];
  kind: "bid";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "PassActionDict".
 */
export interface PassActionDict {
  kind: "pass";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "BuryActionDict".
 */
export interface BuryActionDict {
  cards: string[];
  kind: "bury";
}
/**
 * A friend call: a card (R-9.1), or ``solo`` with ``card`` null (独打, R-9.2).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "CallFriendActionDict".
 */
export interface CallFriendActionDict {
  card: string | null;
  kind: "call_friend";
  solo: boolean;
}
/**
 * A play; ``units`` optionally names how a throw's cards divide (R-4.2).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "PlayActionDict".
 */
export interface PlayActionDict {
  cards: string[];
  kind: "play";
  units: string[][] | null;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "GiveBackActionDict".
 */
export interface GiveBackActionDict {
  cards: string[];
  kind: "give_back";
}
/**
 * 山东's swaps with the kitty: ``[from_hand, from_kitty]`` pairs.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "SwapActionDict".
 */
export interface SwapActionDict {
  kind: "swap";
  pairs: string[][];
}
/**
 * 托管: hand one's seat to the bot (``on``), or take it back.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Trustee".
 */
export interface Trustee {
  on: boolean;
  ref?: string | null;
  type: "trustee";
}
/**
 * Free text between rounds; during a round in a 「寻」 room only a fixed phrase
 * (R-11.4).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Chat".
 */
export interface Chat {
  phrase?: string | null;
  ref?: string | null;
  text?: string | null;
  type: "chat";
}
/**
 * Ask again for the room, the view and the events after ``since``.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Resync".
 */
export interface Resync {
  ref?: string | null;
  since?: Since | null;
  type: "resync";
}
/**
 * 提示: ask which action the bot would take for one's seat now.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Hint".
 */
export interface Hint {
  ref?: string | null;
  type: "hint";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Ping".
 */
export interface Ping {
  ref?: string | null;
  type: "ping";
}
/**
 * What each HTTP endpoint answers (docs/protocol.md).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "HttpAnswers".
 */
export interface HttpAnswers {
  account: Account;
  created_room: CreatedRoom;
  error: ErrorBody;
  health: Health;
  history: History;
  leaderboard: Leaderboard;
  logged_out: LoggedOut;
  presets: Presets;
  profile: Profile;
  record: RecordDict;
  room: RoomInfo;
  rooms: RoomList;
  session: Session;
}
/**
 * What anyone may see of an account; ``title`` in each language (R-11.3).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Account".
 */
export interface Account {
  guest: boolean;
  id: number;
  name: string;
  rounds_played: number;
  score: number;
  series_played: number;
  title: Localized;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Localized".
 */
export interface Localized {
  en: string;
  "zh-Hans": string;
  "zh-Hant": string;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "CreatedRoom".
 */
export interface CreatedRoom {
  room: RoomSummary;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RoomSummary".
 */
export interface RoomSummary {
  id: string;
  invite_code: string | null;
  mode: "ding" | "xun";
  name: string;
  options: {
    [k: string]: number | string | boolean;
  };
  preset: string;
  private: boolean;
  rounds: number;
  rounds_played: number;
  seats: SeatInfo[];
  settings: RoomSettings;
  spectators: number;
  status: "open" | "playing" | "finished";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "SeatInfo".
 */
export interface SeatInfo {
  account: number | null;
  auto: boolean;
  bot: boolean;
  connected: boolean;
  name: string;
  quit: boolean;
  ready: boolean;
  title: string | null;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RoomSettings".
 */
export interface RoomSettings {
  between_ms: number;
  bot_level: "easy" | "normal" | "hard";
  bot_ms: number;
  deal_ms: number;
  quit_penalty: number;
  turn_seconds: number;
}
/**
 * Every refused request: its code and a message naming what is wrong.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "ErrorBody".
 */
export interface ErrorBody {
  error: Refusal;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Refusal".
 */
export interface Refusal {
  code: string;
  message: string;
}
/**
 * ``/healthz``: this process, its rooms and connections, and its services (``redis``
 * null when it runs alone); ``status`` unavailable (and 503) when one does not answer.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Health".
 */
export interface Health {
  connections: number;
  database: string;
  process: string;
  redis: string | null;
  rooms: string[];
  status: "ok" | "unavailable";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "History".
 */
export interface History {
  history: HistoryEntry[];
  name: string;
}
/**
 * A round's score or a 强退 charge (R-11.2, R-11.3).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "HistoryEntry".
 */
export interface HistoryEntry {
  created_at: string;
  kind: "round" | "quit";
  number: number | null;
  points: number;
  preset: string;
  room_id: string;
  room_name: string;
  round_id: number | null;
  seat: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Leaderboard".
 */
export interface Leaderboard {
  leaders: Leader[];
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Leader".
 */
export interface Leader {
  name: string;
  rank: number;
  rounds_played: number;
  score: number;
  series_played: number;
  title: Localized;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "LoggedOut".
 */
export interface LoggedOut {
  ok: boolean;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Presets".
 */
export interface Presets {
  phrases: {
    [k: string]: Localized;
  };
  presets: PresetInfo[];
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "PresetInfo".
 */
export interface PresetInfo {
  mode: "ding" | "xun";
  name: string;
  options: PresetOption[];
  players: number;
  title: string;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "PresetOption".
 */
export interface PresetOption {
  choices: (number | string | boolean)[] | null;
  default: number | string | boolean;
  help: string;
  maximum: number | null;
  minimum: number | null;
  name: string;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Profile".
 */
export interface Profile {
  guest: boolean;
  history: HistoryEntry[];
  id: number;
  name: string;
  rounds_played: number;
  score: number;
  series: SeriesEntry[];
  series_played: number;
  title: Localized;
}
/**
 * A room an account played in, with its 积分 from it.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "SeriesEntry".
 */
export interface SeriesEntry {
  id: string;
  last: string;
  name: string;
  points: number;
  preset: string;
  rounds: number;
  series_rounds: number;
  status: "open" | "playing" | "finished";
}
/**
 * One finished round (RECORD.md § Round object).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RecordDict".
 */
export interface RecordDict {
  attackers_points: number;
  banker: number;
  bid_count: number;
  bids: RecordBid[];
  buried: string[];
  buried_by: number;
  deal: string[][];
  dealer: number;
  events: RecordEvent[];
  format: "zpy-record/1";
  friend: number | null;
  friend_call: CalledCard | CalledSolo | null;
  kitty: string[];
  kitty_multiplier: number;
  kitty_points: number;
  level_rank: string;
  levels_after: string[] | null;
  levels_before: string[] | null;
  match_over: boolean;
  next_banker: number | null;
  options: {
    [k: string]: number | string | boolean;
  };
  penalties: number[];
  players: string[];
  preset: string;
  redeals?: number;
  round: number;
  scores: number[];
  seed: number | null;
  swaps: RecordSwap[];
  tricks: RecordTrick[];
  trump_suit: ("S" | "H" | "C" | "D") | null;
  [k: string]: unknown;
}
/**
 * A bid; ``shandong`` adds its ``kind``, and a 粘 (``zhan``) what it took and gave back.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RecordBid".
 */
export interface RecordBid {
  after_cards_dealt: number;
  cards: string[];
  from_seat?: number;
  kind?: "liang" | "ding" | "zhan" | "add";
  returned?: string[];
  seat: number;
  taken?: string[];
  [k: string]: unknown;
}
/**
 * A room event of the round: a 强退, a seat given to a bot (托管), a player back.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RecordEvent".
 */
export interface RecordEvent {
  after_trick: number;
  kind: "quit" | "bot" | "back";
  seat: number;
  [k: string]: unknown;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "CalledCard".
 */
export interface CalledCard {
  card: string;
  [k: string]: unknown;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "CalledSolo".
 */
export interface CalledSolo {
  solo: true;
  [k: string]: unknown;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RecordSwap".
 */
export interface RecordSwap {
  from_hand: string;
  from_kitty: string;
  [k: string]: unknown;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RecordTrick".
 */
export interface RecordTrick {
  leader: number;
  plays: RecordPlay[];
  points: number;
  units?: string[][];
  winner: number;
  [k: string]: unknown;
}
/**
 * A seat's cards in a trick; a failed throw's leader adds the whole throw.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RecordPlay".
 */
export interface RecordPlay {
  attempted?: string[];
  attempted_units?: string[][];
  cards: string[];
  seat: number;
  [k: string]: unknown;
}
/**
 * A room, its rounds so far, and its final standings once its series is over.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RoomInfo".
 */
export interface RoomInfo {
  result: Standings | null;
  room: RoomSummary;
  rounds: RoomRound[];
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Standings".
 */
export interface Standings {
  levels: string[] | null;
  next_banker: number | null;
  rounds: number;
  rounds_played: number;
  totals: number[];
  winners: number[] | null;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RoomRound".
 */
export interface RoomRound {
  finished: boolean;
  id: number;
  number: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RoomList".
 */
export interface RoomList {
  rooms: RoomSummary[];
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Session".
 */
export interface Session {
  account: Account;
  token: string;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Welcome".
 */
export interface Welcome {
  account: Account;
  ref: string | null;
  type: "welcome";
  version: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Pong".
 */
export interface Pong {
  ref: string | null;
  type: "pong";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Ack".
 */
export interface Ack {
  ref: string | null;
  type: "ack";
}
/**
 * A refusal; ``rule``, ``template`` and ``params`` with ``illegal_action`` only.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Error".
 */
export interface Error {
  code: string;
  message: string;
  params: {
    [k: string]: string;
  } | null;
  ref: string | null;
  rule: string | null;
  template: string | null;
  type: "error";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Room".
 */
export interface Room {
  ref: string | null;
  result: Standings | null;
  room: RoomSummary;
  round: number | null;
  standings: Standings | null;
  type: "room";
  you: You | null;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "You".
 */
export interface You {
  seat: number | null;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "LobbyRooms".
 */
export interface LobbyRooms {
  rooms: RoomSummary[];
  type: "lobby";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "LobbyRoom".
 */
export interface LobbyRoom {
  room: RoomSummary;
  type: "lobby_room";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "LobbyRoomGone".
 */
export interface LobbyRoomGone {
  id: string;
  type: "lobby_room_gone";
}
/**
 * A round's events after the last one this connection got, as it may see them.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Events".
 */
export interface Events {
  events: (
    | CardDealtEvent
    | BidEvent
    | PassEvent
    | RedealEvent
    | KittyTurnedEvent
    | TrumpDecidedEvent
    | KittyTakenEvent
    | BuriedEvent
    | FriendCalledEvent
    | PlayedEvent
    | ThrowFailedEvent
    | FriendRevealedEvent
    | TrickWonEvent
    | KittyRevealedEvent
    | RoundScoredEvent
    | DeclarationTakenEvent
    | GivenBackEvent
    | SwappedEvent
    | TrumpRevealedEvent
  )[];
  round: number;
  type: "events";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "CardDealtEvent".
 */
export interface CardDealtEvent {
  card: string | null;
  dealt: number;
  kind: "card_dealt";
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "BidEvent".
 */
export interface BidEvent {
  after_cards_dealt: number;
  bid_kind: string | null;
  cards: string[];
  hidden: string[];
  kind: "bid";
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "PassEvent".
 */
export interface PassEvent {
  kind: "pass";
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RedealEvent".
 */
export interface RedealEvent {
  kind: "redeal";
  reason: string;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "KittyTurnedEvent".
 */
export interface KittyTurnedEvent {
  cards: string[];
  kind: "kitty_turned";
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "TrumpDecidedEvent".
 */
export interface TrumpDecidedEvent {
  banker: number;
  kind: "trump_decided";
  knowers: number[] | null;
  level_rank: string;
  seq: number;
  source: string;
  trump_suit: string | null;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "KittyTakenEvent".
 */
export interface KittyTakenEvent {
  cards: string[];
  kind: "kitty_taken";
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "BuriedEvent".
 */
export interface BuriedEvent {
  cards: string[];
  kind: "buried";
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "FriendCalledEvent".
 */
export interface FriendCalledEvent {
  card: string | null;
  kind: "friend_called";
  seat: number;
  seq: number;
  solo: boolean;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "PlayedEvent".
 */
export interface PlayedEvent {
  cards: string[];
  kind: "played";
  lead: boolean;
  seat: number;
  seq: number;
  trick: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "ThrowFailedEvent".
 */
export interface ThrowFailedEvent {
  attempted: string[];
  forced: string[];
  kind: "throw_failed";
  rule: string;
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "FriendRevealedEvent".
 */
export interface FriendRevealedEvent {
  kind: "friend_revealed";
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "TrickWonEvent".
 */
export interface TrickWonEvent {
  kind: "trick_won";
  points: number;
  seat: number;
  seq: number;
  trick: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "KittyRevealedEvent".
 */
export interface KittyRevealedEvent {
  cards: string[];
  kind: "kitty_revealed";
  multiplier: number;
  points: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RoundScoredEvent".
 */
export interface RoundScoredEvent {
  attackers_points: number;
  k: number;
  kind: "round_scored";
  levels_after: string[] | null;
  next_banker: number | null;
  scores: number[];
  seq: number;
  side: string;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "DeclarationTakenEvent".
 */
export interface DeclarationTakenEvent {
  cards: string[];
  from_seat: number;
  kind: "declaration_taken";
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "GivenBackEvent".
 */
export interface GivenBackEvent {
  cards: string[];
  kind: "given_back";
  seat: number;
  seq: number;
  to_seat: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "SwappedEvent".
 */
export interface SwappedEvent {
  count: number;
  kind: "swapped";
  pairs: string[][];
  seat: number;
  seq: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "TrumpRevealedEvent".
 */
export interface TrumpRevealedEvent {
  cards: string[];
  kind: "trump_revealed";
  seat: number;
  seq: number;
  trump_suit: string | null;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "ViewMessage".
 */
export interface ViewMessage {
  choices: Choices;
  decks: number;
  kitty_size: number;
  round: number;
  scoreboard: Points[];
  seq: number;
  suits: Suits | null;
  tricks_from: number;
  turn_seconds_left: number | null;
  type: "view";
  view: ViewDict;
}
/**
 * What the engine allows this seat now (docs/protocol.md, ``view``).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Choices".
 */
export interface Choices {
  bids: BidChoice[];
  burial: string[] | null;
  friend_calls: FriendCallChoice[];
  give_back: string[] | null;
  plays: string[][];
  plays_complete: boolean;
  swaps: string[][][];
  swaps_complete: boolean;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "BidChoice".
 */
export interface BidChoice {
  bid_kind: string | null;
  cards: string[];
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "FriendCallChoice".
 */
export interface FriendCallChoice {
  card: string | null;
  solo: boolean;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Points".
 */
export interface Points {
  points: number;
  seats: number[];
}
/**
 * Each effective suit's cards, weakest first (R-1.5, R-2).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "Suits".
 */
export interface Suits {
  C: string[];
  D: string[];
  H: string[];
  S: string[];
  trump: string[];
}
/**
 * Everything one seat (``seat`` null: a spectator) may know of a round.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "ViewDict".
 */
export interface ViewDict {
  banker: number | null;
  bids: BidDict[];
  buried: string[];
  cards_dealt: number;
  current: PlayDict[];
  dealer: number;
  declarer: number | null;
  friend: number | null;
  friend_call: string | null;
  hand: string[];
  hand_sizes: number[];
  kind: "view";
  kitty_trumps: string[];
  kitty_turned: string[];
  lead_shapes: ShapeDict[];
  lead_suit: string | null;
  lead_units: string[][];
  level_rank: string;
  levels: string[] | null;
  may: ("bid" | "pass" | "bury" | "call_friend" | "play" | "give_back" | "swap")[];
  must_give_back: number;
  options: {
    [k: string]: number | string | boolean;
  };
  penalties: number[];
  phase: "deal" | "bid" | "bury" | "swap" | "call" | "play" | "done";
  points_won: number[];
  preset: string;
  result: ResultDict | null;
  round: number;
  seat: number | null;
  solo: boolean;
  swap_count: number;
  swaps: string[][];
  to_act: number | null;
  tricks: TrickDict[];
  trump_suit: string | null;
}
/**
 * A bid as a seat may see it (R-8.4: a face-down pair, a 粘's exchange).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "BidDict".
 */
export interface BidDict {
  after_cards_dealt: number;
  cards: string[];
  from_seat: number | null;
  kind: string | null;
  returned: string[];
  seat: number;
  taken: string[];
}
/**
 * One seat's play in a trick; a failed throw keeps what was ``attempted``.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "PlayDict".
 */
export interface PlayDict {
  attempted?: string[];
  attempted_units?: string[][];
  cards: string[];
  seat: number;
}
/**
 * The format of a lead's unit: ``tuple`` (width 1 a single, 2 a pair …) or
 * ``tractor`` of ``length`` tuples, ``extra`` for 山东's rain/thunder combos.
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "ShapeDict".
 */
export interface ShapeDict {
  extra: number;
  kind: string;
  length: number;
  width: number;
}
/**
 * A scored round (R-7, R-9, R-10).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "ResultDict".
 */
export interface ResultDict {
  attackers_points: number;
  bank_held_at_top: boolean;
  banker_side: number[];
  k: number;
  kitty: string[];
  kitty_bonus: number;
  kitty_multiplier: number;
  kitty_points: number;
  levels_after: string[] | null;
  next_banker: number | null;
  penalties: number[];
  scores: number[];
  side: string;
  trick_points: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "TrickDict".
 */
export interface TrickDict {
  lead_suit: string;
  leader: number;
  plays: PlayDict[];
  points: number;
  units: string[][];
  winner: number;
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "RoundOver".
 */
export interface RoundOver {
  result: ResultDict;
  round: number;
  round_id: number;
  standings: Standings;
  type: "round_over";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "SeriesOver".
 */
export interface SeriesOver {
  standings: Standings;
  type: "series_over";
}
/**
 * Free ``text``, or a fixed ``phrase`` (R-11.4).
 *
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "ChatLine".
 */
export interface ChatLine {
  name: string;
  phrase: string | null;
  seat: number | null;
  text: string | null;
  type: "chat";
}
/**
 * This interface was referenced by `Protocol`'s JSON-Schema
 * via the `definition` "HintAnswer".
 */
export interface HintAnswer {
  action:
    | BidActionDict
    | PassActionDict
    | BuryActionDict
    | CallFriendActionDict
    | PlayActionDict
    | GiveBackActionDict
    | SwapActionDict
    | null;
  ref: string | null;
  round: number | null;
  type: "hint";
}
