// The leaderboard: accounts by total 积分, and the title ladder explained.
import { useEffect, useState } from "react";
import { api, type Leader } from "../api";
import { m, pick, useLang, useT, type Msg } from "../i18n";
import { href } from "../route";
import { useSession } from "../session";
import "./lobby.css";

const T = {
  title: m("排行榜", "排行榜", "Leaderboard"),
  rank: m("名次", "名次", "Rank"),
  name: m("名字", "名字", "Name"),
  titleColumn: m("称号", "稱號", "Title"),
  score: m("积分", "積分", "Score"),
  rounds: m("局数", "局數", "Rounds"),
  series: m("连打", "連打", "Series"),
  empty: m("还没有人打完一局。", "還沒有人打完一局。", "Nobody has finished a round yet."),
  failed: m("无法载入排行榜。", "無法載入排行榜。", "Could not load the leaderboard."),
  loading: m("载入中…", "載入中…", "Loading…"),
  ladder: m("称号是怎么来的？", "稱號是怎麼來的？", "How are titles earned?"),
  ladderText: m(
    "每局的得分（和强退罚分）累加成总积分，总积分决定称号（R-11.3）。",
    "每局的得分（和強退罰分）累加成總積分，總積分決定稱號（R-11.3）。",
    "Every round's score (and every forced-quit charge) adds up to a total score, and the total gives the title (R-11.3).",
  ),
  from: m("总积分", "總積分", "Total score"),
  below: m("低于 0", "低於 0", "below 0"),
  atLeast: m("{n} 以上", "{n} 以上", "{n} or more"),
};

// R-11.3 (seed 002): the lowest total of each title; the server's names in accounts.py.
const LADDER: [number | null, Msg][] = [
  [null, m("婴幼儿", "嬰幼兒", "infant")],
  [0, m("小屁孩", "小屁孩", "toddler")],
  [120, m("幼稚园", "幼稚園", "kindergartner")],
  [520, m("学前班", "學前班", "preschooler")],
  [1560, m("小学生", "小學生", "pupil")],
  [4680, m("国中生", "國中生", "middle-schooler")],
  [14040, m("高中生", "高中生", "high-schooler")],
  [42120, m("大学生", "大學生", "undergraduate")],
  [126360, m("研究生", "研究生", "graduate student")],
  [379080, m("博士", "博士", "doctor")],
  [1137240, m("博士后", "博士後", "postdoc")],
  [3411720, m("科学院院士", "科學院院士", "academician")],
  [10235160, m("科学院院长", "科學院院長", "academy president")],
  [30705480, m("科学家", "科學家", "scientist")],
  [99999999, m("外星人", "外星人", "alien")],
];

function ladderStep(score: number): number {
  return LADDER.reduce((found, [from], index) => (from !== null && score >= from ? index : found), 0);
}

export function Leaderboard() {
  const t = useT();
  const lang = useLang();
  const { account } = useSession();
  const [leaders, setLeaders] = useState<Leader[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    api.leaderboard(100).then(
      (answer) => current && setLeaders(answer.leaders),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  const mine = account ? ladderStep(account.score) : null;

  return (
    <div className="lb">
      <section className="panel" data-testid="leaderboard">
        <h2>{t(T.title)}</h2>
        {failed && <p className="error">{t(T.failed)}</p>}
        {!failed && leaders === null && <p className="loading">{t(T.loading)}</p>}
        {leaders?.length === 0 && <p className="lobby-muted" data-testid="leaderboard-empty">{t(T.empty)}</p>}
        {leaders && leaders.length > 0 && (
          <div className="lobby-scroll">
            <table className="list lb-table" data-testid="leaderboard-table">
              <thead>
                <tr>
                  <th className="lb-rank">{t(T.rank)}</th>
                  <th>{t(T.name)}</th>
                  <th>{t(T.titleColumn)}</th>
                  <th className="lb-num">{t(T.score)}</th>
                  <th className="lb-num">{t(T.rounds)}</th>
                  <th className="lb-num lb-wide">{t(T.series)}</th>
                </tr>
              </thead>
              <tbody>
                {leaders.map((leader) => (
                  <tr key={leader.name} className={leader.name === account?.name ? "lb-mine" : undefined} data-testid="leader-row">
                    <td className="lb-rank">{leader.rank}</td>
                    <td>
                      <a href={href({ page: "profile", name: leader.name })}>{leader.name}</a>
                    </td>
                    <td>{pick(leader.title, lang)}</td>
                    <td className="lb-num">{leader.score}</td>
                    <td className="lb-num">{leader.rounds_played}</td>
                    <td className="lb-num lb-wide">{leader.series_played}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <details className="panel lb-ladder" data-testid="title-ladder">
        <summary>{t(T.ladder)}</summary>
        <p>{t(T.ladderText)}</p>
        <table className="list">
          <thead>
            <tr>
              <th>{t(T.from)}</th>
              <th>{t(T.titleColumn)}</th>
            </tr>
          </thead>
          <tbody>
            {LADDER.map(([from, title], index) => (
              <tr key={index} className={index === mine ? "lb-mine" : undefined}>
                <td className="lb-num">{from === null ? t(T.below) : t(T.atLeast, { n: from.toLocaleString(lang) })}</td>
                <td>{t(title)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
