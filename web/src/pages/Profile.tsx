// An account's public profile: title, 积分, its latest score entries (with replays) and series.
import { useEffect, useState } from "react";
import { api, ApiError, type Profile } from "../api";
import { m, pick, useLang, useT, type Lang, type Msg } from "../i18n";
import { presetName } from "../names";
import { href } from "../route";
import "./lobby.css";

const T = {
  guest: m("游客", "遊客", "guest"),
  registered: m("注册用户", "註冊用戶", "registered"),
  score: m("积分", "積分", "score"),
  titleLabel: m("称号", "稱號", "title"),
  rounds: m("局数", "局數", "rounds"),
  series: m("连打", "連打", "series"),
  history: m("最近的积分", "最近的積分", "Latest scores"),
  noHistory: m("还没有打完过一局。", "還沒有打完過一局。", "No round finished yet."),
  room: m("房间", "房間", "Room"),
  round: m("局", "局", "Round"),
  roundNumber: m("第 {n} 局", "第 {n} 局", "round {n}"),
  quit: m("强退", "強退", "forced quit"),
  points: m("积分", "積分", "Score"),
  replay: m("回放", "回放", "Replay"),
  seriesTitle: m("打过的连打", "打過的連打", "Series played"),
  noSeries: m("还没有连打。", "還沒有連打。", "No series yet."),
  status: m("状态", "狀態", "Status"),
  roundsOf: m("{n}/{total} 局", "{n}/{total} 局", "{n}/{total} rounds"),
  last: m("最近", "最近", "Last"),
  missing: m("没有叫“{name}”的账号。", "沒有叫「{name}」的帳號。", "There is no account called “{name}”."),
  failed: m("无法载入这个账号。", "無法載入這個帳號。", "Could not load this account."),
  loading: m("载入中…", "載入中…", "Loading…"),
};

const STATUS_NAMES: Record<string, Msg> = {
  open: m("等人中", "等人中", "waiting"),
  playing: m("进行中", "進行中", "playing"),
  finished: m("已结束", "已結束", "finished"),
};

type Load = { kind: "loading" } | { kind: "ok"; profile: Profile } | { kind: "missing" } | { kind: "failed" };

/** ISO 8601 from the server, UTC (SQLite gives it without a zone). */
function when(iso: string, lang: Lang): string {
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(iso) ? iso : `${iso}Z`;
  return new Date(zoned).toLocaleString(lang, { dateStyle: "short", timeStyle: "short" });
}

function Points({ points }: { points: number }) {
  const className = points > 0 ? "profile-plus" : points < 0 ? "profile-minus" : undefined;
  return <span className={className}>{points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0"}</span>;
}

export function ProfilePage({ name }: { name: string }) {
  const t = useT();
  const lang = useLang();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  useEffect(() => {
    let current = true;
    api.profile(name).then(
      (profile) => current && setLoad({ kind: "ok", profile }),
      (err: unknown) => current && setLoad({ kind: err instanceof ApiError && err.status === 404 ? "missing" : "failed" }),
    );
    return () => {
      current = false;
    };
  }, [name]);

  if (load.kind === "loading") return <p className="loading">{t(T.loading)}</p>;
  if (load.kind === "missing")
    return (
      <p className="panel error" data-testid="profile-missing">
        {t(T.missing, { name })}
      </p>
    );
  if (load.kind === "failed") return <p className="panel error">{t(T.failed)}</p>;
  const { profile } = load;

  return (
    <div className="profile" data-testid="profile">
      <section className="panel profile-head">
        <div>
          <h1>{profile.name}</h1>
          <span className="lobby-badge">{t(profile.guest ? T.guest : T.registered)}</span>
        </div>
        <div className="profile-stats">
          <div className="profile-stat">
            <small>{t(T.titleLabel)}</small>
            <b className="lobby-title" data-testid="profile-title">
              {pick(profile.title, lang)}
            </b>
          </div>
          <div className="profile-stat">
            <small>{t(T.score)}</small>
            <b data-testid="profile-score">{profile.score}</b>
          </div>
          <div className="profile-stat">
            <small>{t(T.rounds)}</small>
            <b>{profile.rounds_played}</b>
          </div>
          <div className="profile-stat">
            <small>{t(T.series)}</small>
            <b>{profile.series_played}</b>
          </div>
        </div>
      </section>

      <section className="panel">
        <h2>{t(T.history)}</h2>
        {profile.history.length === 0 ? (
          <p className="lobby-muted">{t(T.noHistory)}</p>
        ) : (
          <div className="lobby-scroll">
            <table className="list" data-testid="profile-history">
              <thead>
                <tr>
                  <th>{t(T.room)}</th>
                  <th>{t(T.round)}</th>
                  <th className="lb-num">{t(T.points)}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {profile.history.map((entry, index) => (
                  <tr key={index}>
                    <td>
                      {entry.room_name}
                      <small className="lobby-help">{presetName(entry.preset, lang)}</small>
                    </td>
                    <td className="profile-round">
                      {entry.kind === "quit" ? t(T.quit) : t(T.roundNumber, { n: entry.number ?? "?" })}
                      <small className="profile-time">{when(entry.created_at, lang)}</small>
                    </td>
                    <td className="lb-num">
                      <Points points={entry.points} />
                    </td>
                    <td>
                      {entry.round_id !== null && (
                        <a href={href({ page: "replay", round: entry.round_id })} data-testid="replay-link">
                          {t(T.replay)}
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="panel">
        <h2>{t(T.seriesTitle)}</h2>
        {profile.series.length === 0 ? (
          <p className="lobby-muted">{t(T.noSeries)}</p>
        ) : (
          <div className="lobby-scroll">
            <table className="list" data-testid="profile-series">
              <thead>
                <tr>
                  <th>{t(T.room)}</th>
                  <th>{t(T.status)}</th>
                  <th>{t(T.rounds)}</th>
                  <th className="lb-num">{t(T.points)}</th>
                  <th className="lb-wide">{t(T.last)}</th>
                </tr>
              </thead>
              <tbody>
                {profile.series.map((series) => (
                  <tr key={series.id}>
                    <td>
                      {series.name}
                      <small className="lobby-help">{presetName(series.preset, lang)}</small>
                    </td>
                    <td>{STATUS_NAMES[series.status] ? t(STATUS_NAMES[series.status]) : series.status}</td>
                    <td>{t(T.roundsOf, { n: series.rounds, total: series.series_rounds })}</td>
                    <td className="lb-num">
                      <Points points={series.points} />
                    </td>
                    <td className="lb-wide">
                      <small className="profile-time">{when(series.last, lang)}</small>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
