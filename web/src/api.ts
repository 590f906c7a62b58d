// HTTP API (docs/protocol.md § HTTP endpoints) and its wire types.
import type { Lang } from "./i18n";
import type { HttpAnswers, RoomSettings } from "./wire.gen";

// The answers' shapes are generated from the server's schema (`make schema`: wire.gen.ts).
export type {
  Account,
  HistoryEntry,
  Leader,
  Localized,
  PresetInfo,
  PresetOption,
  Presets,
  Profile,
  RecordDict,
  RoomInfo,
  RoomSummary,
  SeatInfo as Seat,
  SeriesEntry,
  Standings,
} from "./wire.gen";

export const BOT_LEVELS = ["easy", "normal", "hard"] as const satisfies readonly RoomSettings["bot_level"][];
export type BotLevel = RoomSettings["bot_level"];

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

const TABLE_KEY = "zpy.table";

/** The room this browser last held a seat in, for the lobby to offer it back. */
export function lastTable(): string | null {
  return localStorage.getItem(TABLE_KEY);
}

export function rememberTable(roomId: string): void {
  localStorage.setItem(TABLE_KEY, roomId);
}

const START_KEY = "zpy.start";

/** A room its maker starts at once (快速开始): the table says 准备 for the player. */
export function startAtOnce(roomId: string): void {
  sessionStorage.setItem(START_KEY, roomId);
}

/** Whether the table should say 准备 in ``roomId`` now (asked once). */
export function takeStart(roomId: string): boolean {
  if (sessionStorage.getItem(START_KEY) !== roomId) return false;
  sessionStorage.removeItem(START_KEY);
  return true;
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
    const error = (data as Partial<HttpAnswers["error"]> | null)?.error;
    throw new ApiError(response.status, error?.code ?? "http", error?.message ?? `HTTP ${response.status}`);
  }
  return data as T;
}

export const api = {
  guest: () => http<HttpAnswers["session"]>("POST", "/api/guest"),
  register: (name: string, password: string) =>
    http<HttpAnswers["session"]>("POST", "/api/register", { name, password }),
  login: (name: string, password: string) => http<HttpAnswers["session"]>("POST", "/api/login", { name, password }),
  logout: () => http<HttpAnswers["logged_out"]>("POST", "/api/logout"),
  me: () => http<HttpAnswers["account"]>("GET", "/api/me"),
  presets: () => http<HttpAnswers["presets"]>("GET", "/api/presets"),
  rooms: (lang: Lang) => http<HttpAnswers["rooms"]>("GET", `/api/rooms?lang=${lang}`),
  createRoom: (body: Record<string, unknown>) => http<HttpAnswers["created_room"]>("POST", "/api/rooms", body),
  room: (id: string, lang: Lang) =>
    http<HttpAnswers["room"]>("GET", `/api/rooms/${encodeURIComponent(id)}?lang=${lang}`),
  profile: (name: string) => http<HttpAnswers["profile"]>("GET", `/api/accounts/${encodeURIComponent(name)}`),
  leaderboard: (limit = 50) => http<HttpAnswers["leaderboard"]>("GET", `/api/leaderboard?limit=${limit}`),
  /** A record as the server stored it: read it with `parseRecord` before trusting it. */
  record: (roundId: number) => http<unknown>("GET", `/api/rounds/${roundId}/record`),
};
