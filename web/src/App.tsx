// The page frame: header (navigation, language, account) and the page of the current route.
import { lazy, Suspense, useEffect, useState } from "react";
import { LANG_NAMES, LANGS, LangContext, m, savedLang, tr, type Lang } from "./i18n";
import { href, useRoute } from "./route";
import { SessionContext, useSessionState } from "./session";
import { pick } from "./i18n";
import { Lobby } from "./pages/Lobby";

// The table, replays and account pages load on demand: the lobby paints first.
const Table = lazy(() => import("./pages/Table").then((mod) => ({ default: mod.Table })));
const Replay = lazy(() => import("./pages/Replay").then((mod) => ({ default: mod.Replay })));
const Leaderboard = lazy(() => import("./pages/Leaderboard").then((mod) => ({ default: mod.Leaderboard })));
const ProfilePage = lazy(() => import("./pages/Profile").then((mod) => ({ default: mod.ProfilePage })));

const T = {
  brand: m("找朋友", "找朋友", "zhaopengyou"),
  lobby: m("大厅", "大廳", "Lobby"),
  leaderboard: m("排行榜", "排行榜", "Leaderboard"),
  me: m("我的", "我的", "Profile"),
  language: m("语言", "語言", "Language"),
  offline: m("连接中断，正在重连…", "連線中斷，正在重連…", "Connection lost, reconnecting…"),
  loading: m("载入中…", "載入中…", "Loading…"),
};

export function App() {
  const [lang, setLangState] = useState<Lang>(savedLang);
  const setLang = (next: Lang) => {
    localStorage.setItem("zpy.lang", next);
    setLangState(next);
  };
  const session = useSessionState(lang, setLang);
  const route = useRoute();
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const t = (msg: (typeof T)[keyof typeof T]) => tr(msg, lang);
  return (
    <LangContext.Provider value={lang}>
      <SessionContext.Provider value={session}>
        <header className="topbar">
          <a className="brand" href={href({ page: "lobby" })}>
            ♥ {t(T.brand)}
          </a>
          <nav>
            <a href={href({ page: "lobby" })} className={route.page === "lobby" ? "active" : ""}>
              {t(T.lobby)}
            </a>
            <a href={href({ page: "leaderboard" })} className={route.page === "leaderboard" ? "active" : ""}>
              {t(T.leaderboard)}
            </a>
            {session.account && (
              <a href={href({ page: "profile", name: session.account.name })} className="account" data-testid="account">
                {session.account.name}
                <small> · {pick(session.account.title, lang)} · {session.account.score}</small>
              </a>
            )}
          </nav>
          <select aria-label={t(T.language)} value={lang} onChange={(e) => setLang(e.target.value as Lang)} className="lang">
            {LANGS.map((code) => (
              <option key={code} value={code}>
                {LANG_NAMES[code]}
              </option>
            ))}
          </select>
        </header>
        {session.connection && session.status === "closed" && <div className="banner" role="status" data-testid="offline">{t(T.offline)}</div>}
        <main>
          <Suspense fallback={<p className="loading">{t(T.loading)}</p>}>
            {route.page === "lobby" && <Lobby />}
            {route.page === "room" && <Table key={route.id} roomId={route.id} watch={route.watch} />}
            {route.page === "replay" && <Replay key={route.round} roundId={route.round} />}
            {route.page === "leaderboard" && <Leaderboard />}
            {route.page === "profile" && <ProfilePage key={route.name} name={route.name} />}
          </Suspense>
        </main>
      </SessionContext.Provider>
    </LangContext.Provider>
  );
}
