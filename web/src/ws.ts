// The WebSocket connection (docs/protocol.md § WebSocket basics): hello, refs, reconnects.
import type { Account } from "./api";
import type { Lang } from "./i18n";
import type { Protocol } from "./wire.gen";

export const PROTOCOL_VERSION = 1;

// Every message the server sends, generated from its schema (make schema: wire.gen.ts).
export type ServerMessage = Protocol["server"];

export interface ServerError {
  code: string;
  message: string;
  rule?: string | null;
}

export type Status = "connecting" | "open" | "closed";

type Pending = { resolve: (m: ServerMessage) => void; reject: (e: ServerError) => void };

export class Connection {
  private socket: WebSocket | null = null;
  private counter = 0;
  private pending = new Map<string, Pending>();
  private listeners = new Set<(m: ServerMessage) => void>();
  private statusListeners = new Set<(s: Status, account: Account | null) => void>();
  private retry = 0;
  private closed = false;
  status: Status = "connecting";
  account: Account | null = null;

  constructor(
    private readonly token: string,
    private readonly lang: Lang,
  ) {
    this.open();
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    this.setStatus("connecting");
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: "hello", version: PROTOCOL_VERSION, token: this.token, lang: this.lang, ref: "hello" }));
    };
    socket.onmessage = (frame) => {
      const message = JSON.parse(String(frame.data)) as ServerMessage;
      if (message.type === "welcome") {
        this.retry = 0;
        this.account = message.account;
        this.setStatus("open");
        return;
      }
      const ref = "ref" in message ? message.ref : null;
      if (ref && this.pending.has(ref) && message.type !== "room") {
        const waiter = this.pending.get(ref)!;
        this.pending.delete(ref);
        if (message.type === "error") waiter.reject(message);
        else waiter.resolve(message);
      }
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      for (const waiter of this.pending.values()) waiter.reject({ code: "closed", message: "connection closed" });
      this.pending.clear();
      this.setStatus("closed");
      if (this.closed) return;
      // Back off 0.5 s, 1 s, 2 s … up to 10 s, then try again: a page survives a server restart.
      const delay = Math.min(10_000, 500 * 2 ** this.retry++);
      setTimeout(() => !this.closed && this.open(), delay);
    };
  }

  private setStatus(status: Status): void {
    this.status = status;
    for (const listener of this.statusListeners) listener(status, this.account);
  }

  /** Send a message; its `ref` is returned (and set when missing). */
  send(message: Record<string, unknown>): string {
    const ref = (message.ref as string | undefined) ?? `c${++this.counter}`;
    if (this.socket?.readyState === WebSocket.OPEN && this.status === "open") {
      this.socket.send(JSON.stringify({ ...message, ref }));
    }
    return ref;
  }

  /** Send and wait for the answer carrying the same ref (ack, pong, hint …) or its error. */
  request(message: Record<string, unknown>): Promise<ServerMessage> {
    if (this.status !== "open") return Promise.reject({ code: "closed", message: "not connected" });
    const ref = `r${++this.counter}`;
    return new Promise((resolve, reject) => {
      this.pending.set(ref, { resolve, reject });
      this.send({ ...message, ref });
    });
  }

  onMessage(listener: (m: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: Status, account: Account | null) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
