// The signed-in account, its WebSocket connection and the chosen language, for every page.
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { api, saveToken, savedToken, type Account } from "./api";
import { Connection, type Status } from "./ws";
import type { Lang } from "./i18n";

export interface Session {
  account: Account | null;
  connection: Connection | null;
  status: Status;
  lang: Lang;
  setLang: (lang: Lang) => void;
  /** Keep a token and its account (after guest, login or register). */
  signIn: (token: string, account: Account) => void;
  signOut: () => Promise<void>;
  /** A guest account now unless signed in already (the one-click start). */
  ensureAccount: () => Promise<Account>;
  refreshAccount: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionContext");
  return session;
}

export function useSessionState(lang: Lang, setLang: (lang: Lang) => void): Session {
  const [token, setToken] = useState<string | null>(savedToken);
  const [account, setAccount] = useState<Account | null>(null);
  const [connection, setConnection] = useState<Connection | null>(null);
  const [status, setStatus] = useState<Status>("closed");

  useEffect(() => {
    if (!token) {
      setConnection(null);
      return;
    }
    const conn = new Connection(token, lang);
    const stop = conn.onStatus((next, welcomed) => {
      setStatus(next);
      if (welcomed) setAccount(welcomed);
    });
    const stopErrors = conn.onMessage((message) => {
      // A token the server no longer knows: forget it, the lobby offers a new start.
      if (message.type === "error" && message.code === "unauthorized") {
        conn.close();
        saveToken(null);
        setToken(null);
        setAccount(null);
      }
    });
    setStatus(conn.status);
    setConnection(conn);
    return () => {
      stop();
      stopErrors();
      conn.close();
    };
  }, [token, lang]);

  const signIn = useCallback((newToken: string, newAccount: Account) => {
    saveToken(newToken);
    setAccount(newAccount);
    setToken(newToken);
  }, []);

  const signOut = useCallback(async () => {
    await api.logout().catch(() => undefined);
    saveToken(null);
    setToken(null);
    setAccount(null);
  }, []);

  const ensureAccount = useCallback(async () => {
    if (account && token) return account;
    if (token) {
      // A saved token whose welcome has not arrived yet: keep that account, not a new guest.
      const known = await api.me().catch(() => null);
      if (known) {
        setAccount(known);
        return known;
      }
    }
    const answer = await api.guest();
    signIn(answer.token, answer.account);
    return answer.account;
  }, [account, token, signIn]);

  const refreshAccount = useCallback(async () => {
    if (!token) return;
    setAccount(await api.me());
  }, [token]);

  return { account, connection, status, lang, setLang, signIn, signOut, ensureAccount, refreshAccount };
}

/** Resolves once the connection said welcome (for pages that act right after sign-in). */
export function whenOpen(connection: Connection): Promise<void> {
  if (connection.status === "open") return Promise.resolve();
  return new Promise((resolve) => {
    const stop = connection.onStatus((status) => {
      if (status === "open") {
        stop();
        resolve();
      }
    });
  });
}
