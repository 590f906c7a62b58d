// HTTP API (docs/protocol.md § HTTP endpoints) and its wire types.
import type { Lang } from "./i18n";

export type Localized = Record<Lang, string>;

export interface Account {
  id: number;
  name: string;
  guest: boolean;
  score: number;
  title: Localized;
  rounds_played: number;
  series_played: number;
}

export interface Seat {
  name: string;
  account: number | null;
  bot: boolean;
  quit: boolean;
  auto: boolean;
  ready: boolean;
  connected: boolean;
  title: string | null;
}

export const BOT_LEVELS = ["easy", "normal", "hard"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export interface RoomSettings {
  deal_ms: number;
  bot_ms: number;
  turn_seconds: number;
  between_ms: number;
  quit_penalty: number;
  bot_level: BotLevel;
}

export interface RoomSummary {
  id: string;
  name: string;
  preset: string;
  options: Record<string, unknown>;
  mode: "xun" | "ding";
  rounds: number;
  private: boolean;
  status: "open" | "playing" | "finished";
  settings: RoomSettings;
  seats: Seat[];
  spectators: number;
  rounds_played: number;
  invite_code?: string;
}

export interface Standings {
  rounds_played: number;
  rounds: number;
  totals: number[];
  levels: string[] | null;
  next_banker: number | null;
  winners: number[] | null;
}

export interface PresetOption {
  name: string;
  help: string;
  choices: unknown[] | null;
  minimum: number | null;
  maximum: number | null;
  default: unknown;
}

export interface PresetInfo {
  name: string;
  title: string;
  players: number;
  mode: "xun" | "ding";
  options: PresetOption[];
}

export interface Presets {
  presets: PresetInfo[];
  phrases: Record<string, Localized>;
}

export interface HistoryEntry {
  kind: "round" | "quit";
  points: number;
  seat: number;
  room_id: string;
  round_id: number | null;
  created_at: string;
  number: number | null;
  preset: string;
  room_name: string;
}

export interface SeriesEntry {
  id: string;
  name: string;
  preset: string;
  status: string;
  series_rounds: number;
  points: number;
  rounds: number;
  last: string;
}

export interface Profile extends Account {
  history: HistoryEntry[];
  series: SeriesEntry[];
}

export interface Leader {
  name: string;
  score: number;
  rounds_played: number;
  series_played: number;
  rank: number;
  title: Localized;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN_KEY = "zpy.token";

export function savedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveToken(token: string | null): void {
  if (token === null) localStorage.removeItem(TOKEN_KEY);
  else localStorage.setItem(TOKEN_KEY, token);
}

export async function http<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = savedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string }; detail?: unknown } | null)?.error;
    throw new ApiError(response.status, error?.code ?? "http", error?.message ?? `HTTP ${response.status}`);
  }
  return data as T;
}

export const api = {
  guest: () => http<{ token: string; account: Account }>("POST", "/api/guest"),
  register: (name: string, password: string) =>
    http<{ token: string; account: Account }>("POST", "/api/register", { name, password }),
  login: (name: string, password: string) =>
    http<{ token: string; account: Account }>("POST", "/api/login", { name, password }),
  logout: () => http<{ ok: boolean }>("POST", "/api/logout"),
  me: () => http<Account>("GET", "/api/me"),
  presets: () => http<Presets>("GET", "/api/presets"),
  rooms: (lang: Lang) => http<{ rooms: RoomSummary[] }>("GET", `/api/rooms?lang=${lang}`),
  createRoom: (body: Record<string, unknown>) => http<{ room: RoomSummary }>("POST", "/api/rooms", body),
  room: (id: string, lang: Lang) =>
    http<{ room: RoomSummary; rounds: { id: number; number: number; finished: boolean }[] }>(
      "GET",
      `/api/rooms/${encodeURIComponent(id)}?lang=${lang}`,
    ),
  profile: (name: string) => http<Profile>("GET", `/api/accounts/${encodeURIComponent(name)}`),
  leaderboard: (limit = 50) => http<{ leaders: Leader[] }>("GET", `/api/leaderboard?limit=${limit}`),
  record: (roundId: number) => http<Record<string, unknown>>("GET", `/api/rounds/${roundId}/record`),
};
