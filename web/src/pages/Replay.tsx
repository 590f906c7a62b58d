// 回放: a finished round's record (GET /api/rounds/{id}/record, RECORD.md) stepped trick by trick,
// every hand open, and the result explained.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { api, ApiError } from "../api";
import { cardLabel, SUIT_SYMBOL, type Suit, type SuitMap } from "../cards";
import { CardFace } from "../CardFace";
import { m, useLang, useT, type Lang, type Msg } from "../i18n";
import { playerName, presetName, seatLabel } from "../names";
import { href } from "../route";
import {
  attackersPointsAt,
  bankerSide,
  declarerOf,
  decksOf,
  eventsAt,
  finalKitty,
  fixedPartners,
  friendRevealTrick,
  handsAt,
  mismatches,
  outcomeOf,
  parseRecord,
  pointsBySeat,
  RecordFormatError,
  sortHand,
  suitMapOf,
  trickSummaries,
  type BidKind,
  type EventKind,
  type RecordBid,
  type RoundRecord,
  type TrickSummary,
} from "../logic/record";
import "./replay.css";

const T = {
  title: m("第 {round} 局回放", "第 {round} 局回放", "Replay of round {round}"),
  recordId: m("记录 #{id}", "記錄 #{id}", "record #{id}"),
  loading: m("正在载入记录…", "正在載入記錄…", "Loading the record…"),
  noRecord: m(
    "没有第 {id} 号记录：这一局不存在，或者还没打完。",
    "沒有第 {id} 號記錄：這一局不存在，或者還沒打完。",
    "There is no record {id}: the round does not exist or has not finished.",
  ),
  loadFailed: m("载入记录失败（{code}）：{message}", "載入記錄失敗（{code}）：{message}", "Could not load the record ({code}): {message}"),
  network: m("连不上服务器：{message}", "連不上伺服器：{message}", "Cannot reach the server: {message}"),
  badFormat: m(
    "这份记录的格式不对（{path}），无法回放。",
    "這份記錄的格式不對（{path}），無法回放。",
    "This record is malformed ({path}) and cannot be replayed.",
  ),
  back: m("返回大厅", "返回大廳", "Back to the lobby"),
  download: m("下载记录", "下載記錄", "Download record"),
  // Header facts.
  preset: m("玩法", "玩法", "Game"),
  options: m("选项", "選項", "Options"),
  option: m("{label}：{value}", "{label}：{value}", "{label}: {value}"),
  noOptions: m("无", "無", "none"),
  round: m("局", "局", "Round"),
  roundN: m("第 {n} 局", "第 {n} 局", "round {n}"),
  seed: m("洗牌种子", "洗牌種子", "Shuffle seed"),
  players: m("玩家", "玩家", "Players"),
  seat: m("座位", "座位", "Seat"),
  name: m("名字", "名字", "Name"),
  role: m("身份", "身份", "Role"),
  level: m("等级", "等級", "Level"),
  score: m("积分", "積分", "Score"),
  penalty: m("罚分", "罰分", "Penalty"),
  dealer: m("发牌起点", "發牌起點", "Dealer"),
  banker: m("庄家", "莊家", "Banker"),
  levelRank: m("级牌", "級牌", "Level rank"),
  trump: m("主", "主", "Trump"),
  noTrump: m("无主", "無主", "no trump"),
  bids: m("叫牌", "叫牌", "Bids"),
  noBids: m("无人叫牌", "無人叫牌", "nobody bid"),
  bidLine: m("{who} {kind} {cards}（已发 {n} 张）", "{who} {kind} {cards}（已發 {n} 張）", "{who} {kind} {cards} (after {n} cards dealt)"),
  zhanLine: m(
    "拿走 {from} 的 {taken}，还给 {returned}",
    "拿走 {from} 的 {taken}，還給 {returned}",
    "took {taken} from {from}, gave back {returned}",
  ),
  sep: m("；", "；", "; "),
  comma: m("，", "，", ", "),
  bidCount: m("叫牌次数", "叫牌次數", "Bid count"),
  bidFactor: m("叫牌倍数 c (R-8.3)", "叫牌倍數 c (R-8.3)", "Bid factor c (R-8.3)"),
  kitty: m("底牌", "底牌", "Kitty"),
  burial: m("埋底", "埋底", "Burial"),
  buriedBy: m("{who} 拿起底牌，埋下：", "{who} 拿起底牌，埋下：", "{who} took the kitty and buried:"),
  swaps: m("换底 (R-8.4)", "換底 (R-8.4)", "Swaps (R-8.4)"),
  swapLine: m("{who} 用 {hand} 换回 {kitty}", "{who} 用 {hand} 換回 {kitty}", "{who} gave {hand} for {kitty}"),
  finalKitty: m("最终底牌", "最終底牌", "Final kitty"),
  friendCall: m("叫朋友", "叫朋友", "Friend call"),
  callCard: m("叫 {card}", "叫 {card}", "called {card}"),
  solo: m("独打", "獨打", "solo"),
  friend: m("朋友", "朋友", "Friend"),
  alone: m("没有别人持有此牌：庄家独打", "沒有別人持有此牌：莊家獨打", "nobody else holds it: the banker plays alone"),
  revealedAt: m("第 {n} 墩现身", "第 {n} 墩現身", "revealed in trick {n}"),
  neverRevealed: m("始终未现身", "始終未現身", "never revealed"),
  partner: m("搭档", "搭檔", "Partner"),
  redeals: m("重新发牌", "重新發牌", "Redeals"),
  times: m("{n} 次", "{n} 次", "{n}"),
  events: m("座位事件", "座位事件", "Seat events"),
  eventLine: m("{event}（第 {n} 墩后）", "{event}（第 {n} 墩後）", "{event} (after trick {n})"),
  // Roles.
  roleBanker: m("庄", "莊", "banker"),
  roleFriend: m("朋友", "朋友", "friend"),
  roleFriendHidden: m("朋友（未现身）", "朋友（未現身）", "friend (hidden)"),
  friendHiddenHelp: m(
    "这时别人还不知道谁是朋友：打出所叫的牌才现身",
    "這時別人還不知道誰是朋友：打出所叫的牌才現身",
    "Nobody knows the friend yet: they show themselves by playing the called card",
  ),
  rolePartner: m("庄家搭档", "莊家搭檔", "banker's partner"),
  roleAttacker: m("闲", "閒", "attacker"),
  // Stepper.
  step: m("第 {n} / {total} 墩", "第 {n} / {total} 墩", "Trick {n} / {total}"),
  first: m("开局", "開局", "Start"),
  prev: m("上一墩", "上一墩", "Previous"),
  next: m("下一墩", "下一墩", "Next"),
  last: m("终局", "終局", "End"),
  keys: m("键盘 ← → 也可以翻", "鍵盤 ← → 也可以翻", "The ← → keys step too"),
  dealStage: m("发牌：各家手牌如发到时（明牌）", "發牌：各家手牌如發到時（明牌）", "The deal: every hand as dealt, open"),
  attackersSoFar: m("闲家已得 {n} 分", "閒家已得 {n} 分", "Attackers have {n}"),
  trickInfo: m("{leader} 首出，{winner} 最大，本墩 {points} 分", "{leader} 首出，{winner} 最大，本墩 {points} 分", "{leader} led, {winner} won, {points} points"),
  tagThrow: m("甩牌失败", "甩牌失敗", "failed throw"),
  tagFriend: m("朋友现身", "朋友現身", "friend shown"),
  leadMark: m("首出", "首出", "led"),
  winMark: m("最大", "最大", "won"),
  wonPoints: m("得 {n} 分", "得 {n} 分", "{n} pts"),
  cardsLeft: m("{n} 张", "{n} 張", "{n} cards"),
  failedThrow: m(
    "甩牌失败：{who} 甩 {attempted}，被迫只出 {forced}，{back} 收回 (R-4.4)",
    "甩牌失敗：{who} 甩 {attempted}，被迫只出 {forced}，{back} 收回 (R-4.4)",
    "Failed throw: {who} tried {attempted}, only {forced} was played, {back} went back (R-4.4)",
  ),
  attempted: m("试甩", "試甩", "tried"),
  units: m("牌型：{units}", "牌型：{units}", "Parse: {units}"),
  friendShown: m("{who} 打出 {card}：朋友现身", "{who} 打出 {card}：朋友現身", "{who} played {card}: the friend is revealed"),
  hands: m("手牌", "手牌", "Hands"),
  handsAfter: m("第 {n} 墩之后的手牌", "第 {n} 墩之後的手牌", "Hands after trick {n}"),
  empty: m("（空）", "（空）", "(empty)"),
  tricks: m("各墩", "各墩", "Tricks"),
  colTrick: m("墩", "墩", "Trick"),
  colLeader: m("首出", "首出", "Led"),
  colWinner: m("最大", "最大", "Won"),
  colPoints: m("分", "分", "Points"),
  colAttackers: m("闲家累计", "閒家累計", "Attackers"),
  mismatch: m(
    "记录与推算的手牌对不上：第 {trick} 墩 {who} 打出的 {card} 不在手里",
    "記錄與推算的手牌對不上：第 {trick} 墩 {who} 打出的 {card} 不在手裡",
    "The record disagrees with the computed hands: in trick {trick} {who} played {card}, which was not in the hand",
  ),
  // Result.
  result: m("结算", "結算", "Result"),
  trickPoints: m("闲家抓分：{n}", "閒家抓分：{n}", "Attackers' trick points: {n}"),
  kittyKou: m(
    "扣底：闲家赢得最后一墩，底牌 {cards} 共 {points} 分 × {m} = {bonus} (R-7.2)",
    "扣底：閒家贏得最後一墩，底牌 {cards} 共 {points} 分 × {m} = {bonus} (R-7.2)",
    "Kitty captured: the attackers won the last trick; the kitty {cards} holds {points} points × {m} = {bonus} (R-7.2)",
  ),
  kittyNone: m(
    "庄家方赢得最后一墩：底牌 {cards}（{points} 分）不计",
    "莊家方贏得最後一墩：底牌 {cards}（{points} 分）不計",
    "The banker's side won the last trick: the kitty {cards} ({points} points) does not count",
  ),
  kittyBao: m(
    "保底：庄家方赢得最后一墩，底牌 {cards} 的 {points} 分从闲家得分中扣除 (R-7.3)",
    "保底：莊家方贏得最後一墩，底牌 {cards} 的 {points} 分從閒家得分中扣除 (R-7.3)",
    "Kitty kept: the banker's side won the last trick; the kitty {cards} takes {points} points off the attackers (R-7.3)",
  ),
  ruleMultiplier: m(
    "倍数看最后一墩首出的牌型：单张 2，对子 4，拖拉机 2·2^L，三张 6，泰坦尼克 2·3^L",
    "倍數看最後一墩首出的牌型：單張 2，對子 4，拖拉機 2·2^L，三張 6，泰坦尼克 2·3^L",
    "The multiplier follows the last lead's format: single 2, pair 4, tractor 2·2^L, triple 6, Titanic 2·3^L",
  ),
  ruleMultiplierQidong: m(
    "倍数为 2^(1+p)，p 为最后一墩首出中的对子数",
    "倍數為 2^(1+p)，p 為最後一墩首出中的對子數",
    "The multiplier is 2^(1+p), p the number of pairs in the last lead",
  ),
  ruleMultiplierShandong: m(
    "倍数为最后一墩首出的张数；底牌中大王算 100 分、小王算 80 分",
    "倍數為最後一墩首出的張數；底牌中大王算 100 分、小王算 80 分",
    "The multiplier is the number of cards in the last lead; in the kitty the Big Joker counts 100, the Small Joker 80",
  ),
  other: m("甩牌罚分：{n} (R-4.4)", "甩牌罰分：{n} (R-4.4)", "Throw penalties: {n} (R-4.4)"),
  total: m("闲家得分 X = {x}", "閒家得分 X = {x}", "Attackers' score X = {x}"),
  thresholds: m(
    "档位 (R-9.4)，u = 20 × {decks} 副 = {u}：X = 0 庄家方升 3 级；0 < X < {u} 升 2 级；{u} ≤ X < {u2} 升 1 级；{u2} ≤ X < {u3} 下庄，互相不得分；X ≥ {u3} 闲家升 1 级，每多 {u} 分再升 1 级。负分按 0 算。",
    "檔位 (R-9.4)，u = 20 × {decks} 副 = {u}：X = 0 莊家方升 3 級；0 < X < {u} 升 2 級；{u} ≤ X < {u2} 升 1 級；{u2} ≤ X < {u3} 下莊，互相不得分；X ≥ {u3} 閒家升 1 級，每多 {u} 分再升 1 級。負分按 0 算。",
    "Bands (R-9.4), u = 20 × {decks} decks = {u}: X = 0 banker's side +3; 0 < X < {u} +2; {u} ≤ X < {u2} +1; {u2} ≤ X < {u3} the banker steps down, nobody scores; X ≥ {u3} attackers +1, one more per further {u}. A negative X counts as 0.",
  ),
  thresholdsQidong: m(
    "档位 (R-9.4)，u = 20 × {decks} 副 = {u}：X = 0 庄家方胜，k = 3；0 < X < {u} k = 2；{u} ≤ X < {u2} k = 1；{u2} ≤ X < {u3} 下庄，互相不得分；X ≥ {u3} 闲家胜，k = 1 + ⌊(X − {u3}) / {u}⌋。负分按 0 算。",
    "檔位 (R-9.4)，u = 20 × {decks} 副 = {u}：X = 0 莊家方勝，k = 3；0 < X < {u} k = 2；{u} ≤ X < {u2} k = 1；{u2} ≤ X < {u3} 下莊，互相不得分；X ≥ {u3} 閒家勝，k = 1 + ⌊(X − {u3}) / {u}⌋。負分按 0 算。",
    "Bands (R-9.4), u = 20 × {decks} decks = {u}: X = 0 banker's side wins, k = 3; 0 < X < {u} k = 2; {u} ≤ X < {u2} k = 1; {u2} ≤ X < {u3} the banker steps down, nobody scores; X ≥ {u3} attackers win, k = 1 + ⌊(X − {u3}) / {u}⌋. A negative X counts as 0.",
  ),
  thresholdsShandong: m(
    "档位 (R-9.4)，u = {u}：X ≥ {u2} 闲家升 1 级并上庄，每多 {u} 分再升 1 级；{u} ≤ X < {u2} 庄家方升 1 级；0 < X < {u} 升 2 级；X = 0 升 3 级；−{u} ≤ X < 0 升 4 级，每再低 {u} 分多升 1 级。",
    "檔位 (R-9.4)，u = {u}：X ≥ {u2} 閒家升 1 級並上莊，每多 {u} 分再升 1 級；{u} ≤ X < {u2} 莊家方升 1 級；0 < X < {u} 升 2 級；X = 0 升 3 級；−{u} ≤ X < 0 升 4 級，每再低 {u} 分多升 1 級。",
    "Bands (R-9.4), u = {u}: X ≥ {u2} attackers +1 and take the bank, one more per further {u}; {u} ≤ X < {u2} banker's side +1; 0 < X < {u} +2; X = 0 +3; −{u} ≤ X < 0 +4, one more per further {u} below.",
  ),
  bandBanker: m("闲家 {x} 分：庄家方升 {k} 级", "閒家 {x} 分：莊家方升 {k} 級", "Attackers {x}: the banker's side goes up {k}"),
  bandAttackers: m("闲家 {x} 分：闲家升 {k} 级", "閒家 {x} 分：閒家升 {k} 級", "Attackers {x}: the attackers go up {k}"),
  bandStepdown: m("闲家 {x} 分：下庄，互相不得分", "閒家 {x} 分：下莊，互相不得分", "Attackers {x}: the banker steps down, nobody scores"),
  bandBankerQidong: m("闲家 {x} 分：庄家方胜，k = {k}", "閒家 {x} 分：莊家方勝，k = {k}", "Attackers {x}: the banker's side wins, k = {k}"),
  bandAttackersQidong: m("闲家 {x} 分：闲家胜，k = {k}", "閒家 {x} 分：閒家勝，k = {k}", "Attackers {x}: the attackers win, k = {k}"),
  levelsNote: m(
    "升级不超过 A (R-9.4)。",
    "升級不超過 A (R-9.4)。",
    "Levels stop at A (R-9.4).",
  ),
  levelsNoteShandong: m(
    "升级不超过 K；逢J必打、J到6 (R-9.7) 已计入下表。",
    "升級不超過 K；逢J必打、J到6 (R-9.7) 已計入下表。",
    "Levels stop at K; “stop at J” and “J to 6” (R-9.7) are applied in the table below.",
  ),
  scoresIndividual: m(
    "积分 (R-10.1)：每人 Σ(自己等级 − 别人等级)，A 算 14，加上罚分",
    "積分 (R-10.1)：每人 Σ(自己等級 − 別人等級)，A 算 14，加上罰分",
    "Scores (R-10.1): each player Σ(own level − other level), A = 14, plus penalties",
  ),
  scoresTeam: m(
    "积分 (R-10.3)：胜方每人 +k，负方每人 −k，下庄 0，加上罚分",
    "積分 (R-10.3)：勝方每人 +k，負方每人 −k，下莊 0，加上罰分",
    "Scores (R-10.3): +k for each winner, −k for each loser, 0 on a step-down, plus penalties",
  ),
  scoresQidong: m(
    "积分 (R-10.2)：庄 ±2k，朋友 ±k，闲家各 ∓k（独打：庄 ±8k，闲家各 ∓2k），再乘叫牌倍数 c = {c}",
    "積分 (R-10.2)：莊 ±2k，朋友 ±k，閒家各 ∓k（獨打：莊 ±8k，閒家各 ∓2k），再乘叫牌倍數 c = {c}",
    "Scores (R-10.2): banker ±2k, friend ±k, each attacker ∓k (solo: banker ±8k, attackers ∓2k), times the bid factor c = {c}",
  ),
  nextBanker: m("下一局庄家：{who}", "下一局莊家：{who}", "Next banker: {who}"),
  byBidding: m("由叫牌决定", "由叫牌決定", "decided by bidding"),
  matchOver: m("这一局结束了比赛。", "這一局結束了比賽。", "This round ended the match."),
};

const BID_KINDS: Record<BidKind | "bid", Msg> = {
  bid: m("亮", "亮", "showed"),
  liang: m("亮", "亮", "declared"),
  ding: m("顶", "頂", "overrode"),
  zhan: m("粘", "粘", "stuck"),
  add: m("加", "加", "added"),
};

const EVENT_TEXT: Record<EventKind, Msg> = {
  quit: m("{who} 强退", "{who} 強退", "{who} quit (forced)"),
  bot: m("{who} 由电脑代打", "{who} 由電腦代打", "a bot took {who}'s seat"),
  back: m("{who} 回到座位", "{who} 回到座位", "{who} came back"),
};

const OPTION_NAMES: Record<string, Msg> = {
  decks: m("牌副数", "牌副數", "decks"),
  kitty_size: m("底牌张数", "底牌張數", "kitty size"),
  throw_penalty: m("甩牌罚分", "甩牌罰分", "throw penalty"),
  partner: m("搭档", "搭檔", "partner"),
  dengsi: m("等死", "等死", "no adding"),
  feng_j: m("逢J必打", "逢J必打", "stop at J"),
  j_to_6: m("J到6", "J到6", "J to 6"),
};

const OPTION_VALUES: Record<string, Msg> = {
  fixed: m("「定」固定搭档", "「定」固定搭檔", "fixed"),
  called: m("「寻」找朋友", "「尋」找朋友", "called"),
  true: m("开", "開", "on"),
  false: m("关", "關", "off"),
};

type Translate = ReturnType<typeof useT>;

type Load =
  | { state: "loading" }
  | { state: "error"; text: string }
  | { state: "ok"; raw: unknown; record: RoundRecord };

export function Replay({ roundId }: { roundId: number }) {
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    setLoad({ state: "loading" });
    setFailure(null);
    api
      .record(roundId)
      .then((raw) => {
        if (!live) return;
        try {
          setLoad({ state: "ok", raw, record: parseRecord(raw) });
        } catch (err) {
          setFailure(err);
        }
      })
      .catch((err: unknown) => {
        if (live) setFailure(err);
      });
    return () => {
      live = false;
    };
  }, [roundId]);

  let errorText: string | null = null;
  if (failure !== null) {
    if (failure instanceof ApiError)
      errorText =
        failure.code === "no_record"
          ? t(T.noRecord, { id: roundId })
          : t(T.loadFailed, { code: failure.code, message: failure.message });
    else if (failure instanceof RecordFormatError) errorText = t(T.badFormat, { path: failure.path });
    else errorText = t(T.network, { message: failure instanceof Error ? failure.message : String(failure) });
  }

  return (
    <div className="replay" data-testid="replay">
      {errorText !== null ? (
        <div className="panel">
          <p className="error" role="alert" data-testid="replay-error">
            {errorText}
          </p>
          <a href={href({ page: "lobby" })} data-testid="replay-lobby">
            {t(T.back)}
          </a>
        </div>
      ) : load.state === "ok" ? (
        <ReplayView roundId={roundId} raw={load.raw} record={load.record} />
      ) : (
        <p className="loading">{t(T.loading)}</p>
      )}
    </div>
  );
}

function download(roundId: number, raw: unknown) {
  // One JSON object on one line: also a valid one-round JSON Lines file (RECORD.md).
  const blob = new Blob([JSON.stringify(raw) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `round-${roundId}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Seat label and name: "1号位 电脑1". */
function useWho(record: RoundRecord): (seat: number) => string {
  const lang = useLang();
  return useCallback(
    (seat: number) => `${seatLabel(seat, lang)} ${playerName(record.players[seat] ?? "", lang)}`,
    [record, lang],
  );
}

function cardsText(cards: readonly string[], lang: Lang): string {
  return cards.map((card) => cardLabel(card, lang)).join(" ");
}

function roleOf(record: RoundRecord, seat: number): "banker" | "friend" | "partner" | "attacker" {
  if (seat === record.banker) return "banker";
  if (bankerSide(record).includes(seat)) return fixedPartners(record) ? "partner" : "friend";
  return "attacker";
}

const ROLE_TEXT = { banker: T.roleBanker, friend: T.roleFriend, partner: T.rolePartner, attacker: T.roleAttacker };

/** `step`: where the stepper is, to mark a called friend who has not shown themselves yet. */
function RoleBadge({ record, seat, step }: { record: RoundRecord; seat: number; step?: number }) {
  const t = useT();
  const role = roleOf(record, seat);
  const reveal = role === "friend" && step !== undefined ? friendRevealTrick(record) : null;
  const hidden = role === "friend" && step !== undefined && (reveal === null || step <= reveal);
  return (
    <span className={`rp-role rp-role-${role}${hidden ? " rp-hidden" : ""}`} title={hidden ? t(T.friendHiddenHelp) : undefined}>
      {t(hidden ? T.roleFriendHidden : ROLE_TEXT[role])}
    </span>
  );
}

function Cards({ cards, suits, record, dim, testid }: { cards: readonly string[]; suits?: SuitMap; record?: RoundRecord; dim?: boolean; testid?: string }) {
  const lang = useLang();
  const shown = suits && record ? sortHand(record, cards, suits) : cards;
  return (
    <span className="rp-cards" data-testid={testid}>
      {shown.map((card, i) => (
        <CardFace key={`${card}-${i}`} card={card} small dim={dim} label={cardLabel(card, lang)} />
      ))}
    </span>
  );
}

function ReplayView({ roundId, raw, record }: { roundId: number; raw: unknown; record: RoundRecord }) {
  const t = useT();
  const lang = useLang();
  const who = useWho(record);
  const total = record.tricks.length;
  const [step, setStep] = useState(0);
  const go = useCallback((next: number) => setStep(Math.max(0, Math.min(total, next))), [total]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
      else if (event.key === "ArrowRight") setStep((s) => Math.min(total, s + 1));
      else if (event.key === "Home") setStep(0);
      else if (event.key === "End") setStep(total);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [total]);

  const suits = useMemo(() => suitMapOf(record), [record]);
  const summaries = useMemo(() => trickSummaries(record), [record]);
  const problems = useMemo(() => mismatches(record), [record]);
  const hands = useMemo(() => handsAt(record, step), [record, step]);
  const won = useMemo(() => pointsBySeat(record, step), [record, step]);
  const attackersSoFar = useMemo(() => attackersPointsAt(record, step), [record, step]);
  const trick = step > 0 ? record.tricks[step - 1] : null;
  const summary = step > 0 ? summaries[step - 1] : null;

  return (
    <>
      <section className="panel rp-head" data-testid="replay-header">
        <div className="rp-titlebar">
          <h1>
            {t(T.title, { round: record.round })} · {presetName(record.preset, lang)}
          </h1>
          <span className="rp-muted">{t(T.recordId, { id: roundId })}</span>
          <span className="rp-spacer" />
          <button type="button" className="btn" data-testid="replay-download" onClick={() => download(roundId, raw)}>
            {t(T.download)}
          </button>
          <a className="btn" href={href({ page: "lobby" })} data-testid="replay-lobby">
            {t(T.back)}
          </a>
        </div>
        <Facts record={record} />
      </section>

      {problems.length > 0 && (
        <div className="panel error" role="alert" data-testid="replay-mismatch">
          {problems.slice(0, 3).map((p, i) => (
            <div key={i}>{t(T.mismatch, { trick: p.trick, who: who(p.seat), card: cardLabel(p.card, lang) })}</div>
          ))}
        </div>
      )}

      <div className="rp-stepper" role="group">
        <button type="button" className="btn" data-testid="replay-first" onClick={() => go(0)} disabled={step === 0}>
          « <span className="rp-btn-text">{t(T.first)}</span>
        </button>
        <button type="button" className="btn" data-testid="replay-prev" onClick={() => go(step - 1)} disabled={step === 0}>
          ‹ <span className="rp-btn-text">{t(T.prev)}</span>
        </button>
        <strong className="rp-step" data-testid="replay-step" aria-live="polite">
          {t(T.step, { n: step, total })}
        </strong>
        <button type="button" className="btn primary" data-testid="replay-next" onClick={() => go(step + 1)} disabled={step === total}>
          <span className="rp-btn-text">{t(T.next)}</span> ›
        </button>
        <button type="button" className="btn" data-testid="replay-last" onClick={() => go(total)} disabled={step === total}>
          <span className="rp-btn-text">{t(T.last)}</span> »
        </button>
        <span className="rp-sofar" data-testid="replay-attackers">
          {t(T.attackersSoFar, { n: attackersSoFar })}
        </span>
        <span className="rp-muted rp-keys">{t(T.keys)}</span>
      </div>

      <section className={`rp-felt rp-p${record.players.length}`} data-testid="replay-table" data-step={step}>
        {record.players.map((_, seat) => {
          const play = trick?.plays.find((p) => p.seat === seat);
          const order = trick ? trick.plays.findIndex((p) => p.seat === seat) : -1;
          const classes = ["rp-seat", `rp-pos${seat}`];
          if (trick && trick.winner === seat) classes.push("rp-winner");
          return (
            <div key={seat} className={classes.join(" ")} data-testid="replay-seat" data-seat={seat}>
              <div className="rp-seat-name">
                <span>{who(seat)}</span> <RoleBadge record={record} seat={seat} step={step} />
              </div>
              <div className="rp-seat-meta">
                {t(T.wonPoints, { n: won[seat] })} · {t(T.cardsLeft, { n: hands[seat].length })}
              </div>
              {play && (
                <div className="rp-play" data-testid="replay-play" data-seat={seat}>
                  <Cards cards={play.cards} />
                  <div className="rp-marks">
                    <span className="rp-order">{order + 1}</span>
                    {trick!.leader === seat && <span className="rp-mark rp-lead">{t(T.leadMark)}</span>}
                    {trick!.winner === seat && <span className="rp-mark rp-win">★ {t(T.winMark)}</span>}
                  </div>
                  {play.attempted && (
                    <div className="rp-attempted">
                      <span className="rp-muted">{t(T.attempted)}</span> <Cards cards={play.attempted} dim />
                    </div>
                  )}
                </div>
              )}
            </div>
          );
        })}
        <div className="rp-center" data-testid="replay-center">
          {step === 0 || !summary ? (
            <>
              <div className="rp-center-title">{t(T.dealStage)}</div>
              <div className="rp-muted">{t(T.kitty)}</div>
              <Cards cards={record.kitty} />
              <EventNotes record={record} step={0} />
            </>
          ) : (
            <TrickNotes record={record} summary={summary} step={step} />
          )}
        </div>
      </section>

      <section className="panel" data-testid="replay-hands">
        <h2>{step === 0 ? t(T.dealStage) : t(T.handsAfter, { n: step })}</h2>
        <div className="rp-hands">
          {hands.map((hand, seat) => (
            <div key={seat} className="rp-hand" data-testid="replay-hand" data-seat={seat} data-count={hand.length}>
              <div className="rp-hand-head">
                <strong>{who(seat)}</strong> <RoleBadge record={record} seat={seat} step={step} />{" "}
                <span className="rp-muted">{t(T.cardsLeft, { n: hand.length })}</span>
              </div>
              {hand.length ? <Cards cards={hand} suits={suits} record={record} /> : <span className="rp-muted">{t(T.empty)}</span>}
            </div>
          ))}
        </div>
      </section>

      {step === total && <Result record={record} />}

      <section className="panel">
        <h2>{t(T.tricks)}</h2>
        <div className="rp-scroll">
          <table className="list rp-tricks" data-testid="replay-tricks">
            <thead>
              <tr>
                <th>{t(T.colTrick)}</th>
                <th>{t(T.colLeader)}</th>
                <th>{t(T.colWinner)}</th>
                <th>{t(T.colPoints)}</th>
                <th>{t(T.colAttackers)}</th>
              </tr>
            </thead>
            <tbody>
              {summaries.map((s) => (
                <tr key={s.number} className={s.number === step ? "rp-current" : ""} onClick={() => go(s.number)}>
                  <td>
                    <button type="button" className="rp-link" onClick={() => go(s.number)}>
                      {s.number}
                    </button>
                    {s.failedThrow && <span className="rp-tag rp-tag-warn">{t(T.tagThrow)}</span>}
                    {s.friendRevealed && <span className="rp-tag rp-tag-friend">{t(T.tagFriend)}</span>}
                  </td>
                  <td>{who(s.leader)}</td>
                  <td>
                    {who(s.winner)} <RoleBadge record={record} seat={s.winner} />
                  </td>
                  <td>{s.points}</td>
                  <td>{s.attackersSoFar}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function TrickNotes({ record, summary, step }: { record: RoundRecord; summary: TrickSummary; step: number }) {
  const t = useT();
  const lang = useLang();
  const who = useWho(record);
  const notes: ReactNode[] = [];
  if (summary.failedThrow) {
    const f = summary.failedThrow;
    notes.push(
      <div key="throw" className="rp-warn" data-testid="replay-failed-throw">
        {t(T.failedThrow, { who: who(f.seat), attempted: cardsText(f.attempted, lang), forced: cardsText(f.forced, lang), back: cardsText(f.back, lang) })}
      </div>,
    );
  }
  if (summary.units) {
    notes.push(
      <div key="units" className="rp-muted">
        {t(T.units, { units: summary.units.map((unit) => cardsText(unit, lang)).join(" + ") })}
      </div>,
    );
  }
  const call = record.friend_call;
  if (summary.friendRevealed && record.friend !== null && call && !("solo" in call)) {
    notes.push(
      <div key="friend" className="rp-good">
        {t(T.friendShown, { who: who(record.friend), card: cardLabel(call.card, lang) })}
      </div>,
    );
  }
  notes.push(<EventNotes key="events" record={record} step={step} />);
  return (
    <>
      <div className="rp-center-title">{t(T.step, { n: step, total: record.tricks.length })}</div>
      <div data-testid="replay-trick-info">
        {t(T.trickInfo, { leader: who(summary.leader), winner: who(summary.winner), points: summary.points })}
      </div>
      {notes}
    </>
  );
}

function EventNotes({ record, step }: { record: RoundRecord; step: number }) {
  const t = useT();
  const who = useWho(record);
  return (
    <>
      {eventsAt(record, step).map((event, i) => (
        <div key={i} className="rp-event" data-testid="replay-event">
          {t(EVENT_TEXT[event.kind], { who: who(event.seat) })}
        </div>
      ))}
    </>
  );
}

function trumpText(suit: Suit | null, t: Translate): string {
  return suit ? SUIT_SYMBOL[suit] : t(T.noTrump);
}

function optionText(name: string, value: unknown, t: Translate): string {
  const label = OPTION_NAMES[name] ? t(OPTION_NAMES[name]) : name;
  const key = String(value);
  const shown = OPTION_VALUES[key] ? t(OPTION_VALUES[key]) : typeof value === "object" ? JSON.stringify(value) : key;
  return t(T.option, { label, value: shown });
}

function Fact({ label, children, testid, wide }: { label: string; children: ReactNode; testid?: string; wide?: boolean }) {
  return (
    <div className={wide ? "rp-fact rp-wide" : "rp-fact"}>
      <dt>{label}</dt>
      <dd data-testid={testid}>{children}</dd>
    </div>
  );
}

function Facts({ record }: { record: RoundRecord }) {
  const t = useT();
  const lang = useLang();
  const who = useWho(record);
  const options = Object.entries(record.options);
  const call = record.friend_call;
  const reveal = friendRevealTrick(record);
  const kittyAfter = finalKitty(record);
  const declarer = declarerOf(record);
  const bidLine = (bid: RecordBid) => {
    let line = t(T.bidLine, {
      who: who(bid.seat),
      kind: t(BID_KINDS[bid.kind ?? "bid"]),
      cards: cardsText(bid.cards, lang),
      n: bid.after_cards_dealt,
    });
    if (bid.kind === "zhan" && bid.from_seat !== undefined)
      line += `${t(T.sep)}${t(T.zhanLine, { from: who(bid.from_seat), taken: cardsText(bid.taken ?? [], lang), returned: cardsText(bid.returned ?? [], lang) })}`;
    return line;
  };
  return (
    <dl className="rp-facts">
      <Fact label={t(T.preset)} testid="replay-preset">
        {presetName(record.preset, lang)} · {t(T.roundN, { n: record.round })}
      </Fact>
      <Fact label={t(T.options)}>
        {options.length ? options.map(([name, value]) => optionText(name, value, t)).join(t(T.comma)) : t(T.noOptions)}
        {record.seed !== null && (
          <span className="rp-muted">
            {" "}
            · {t(T.seed)} {record.seed}
          </span>
        )}
      </Fact>
      <Fact label={t(T.players)} wide>
        <div className="rp-scroll">
          <table className="list rp-players" data-testid="replay-players">
            <thead>
              <tr>
                <th>{t(T.seat)}</th>
                <th>{t(T.name)}</th>
                <th>{t(T.role)}</th>
                {record.levels_before && <th>{t(T.level)}</th>}
              </tr>
            </thead>
            <tbody>
              {record.players.map((name, seat) => (
                <tr key={seat}>
                  <td>{seatLabel(seat, lang)}</td>
                  <td>{playerName(name, lang)}</td>
                  <td>
                    <RoleBadge record={record} seat={seat} />
                  </td>
                  {record.levels_before && <td>{record.levels_before[seat]}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Fact>
      <Fact label={t(T.dealer)}>{who(record.dealer)}</Fact>
      <Fact label={t(T.banker)} testid="replay-banker">
        {who(record.banker)}
      </Fact>
      <Fact label={t(T.levelRank)}>{record.level_rank}</Fact>
      <Fact label={t(T.trump)} testid="replay-trump">
        <span className={record.trump_suit === "H" || record.trump_suit === "D" ? "rp-red" : ""}>{trumpText(record.trump_suit, t)}</span>
      </Fact>
      <Fact label={t(T.bids)}>
        {record.bids.length ? (
          <ol className="rp-bids">
            {record.bids.map((bid, i) => (
              <li key={i}>{bidLine(bid)}</li>
            ))}
          </ol>
        ) : (
          t(T.noBids)
        )}
      </Fact>
      <Fact label={record.preset === "qidong" ? t(T.bidFactor) : t(T.bidCount)}>{record.bid_count}</Fact>
      <Fact label={t(T.kitty)}>
        <Cards cards={record.kitty} testid="replay-kitty" />
      </Fact>
      <Fact label={t(T.burial)}>
        <div>{t(T.buriedBy, { who: who(record.buried_by) })}</div>
        <Cards cards={record.buried} testid="replay-buried" />
      </Fact>
      {record.swaps.length > 0 && (
        <>
          <Fact label={t(T.swaps)}>
            {record.swaps.map((swap, i) => (
              <div key={i}>
                {t(T.swapLine, {
                  who: who(declarer ?? record.buried_by),
                  hand: cardLabel(swap.from_hand, lang),
                  kitty: cardLabel(swap.from_kitty, lang),
                })}
              </div>
            ))}
          </Fact>
          <Fact label={t(T.finalKitty)}>
            <Cards cards={kittyAfter} />
          </Fact>
        </>
      )}
      {call !== null && (
        <Fact label={t(T.friendCall)} testid="replay-friend-call">
          {"solo" in call ? t(T.solo) : t(T.callCard, { card: cardLabel(call.card, lang) })}
        </Fact>
      )}
      {call !== null && !("solo" in call) && (
        <Fact label={t(T.friend)} testid="replay-friend">
          {record.friend === null ? (
            t(T.alone)
          ) : (
            <>
              {who(record.friend)} · {reveal !== null ? t(T.revealedAt, { n: reveal + 1 }) : t(T.neverRevealed)}
            </>
          )}
        </Fact>
      )}
      {call === null && (
        <Fact label={t(T.partner)}>{who(bankerSide(record).find((seat) => seat !== record.banker) ?? record.banker)}</Fact>
      )}
      {typeof record.redeals === "number" && <Fact label={t(T.redeals)}>{t(T.times, { n: record.redeals })}</Fact>}
      {record.events.length > 0 && (
        <Fact label={t(T.events)}>
          {record.events.map((event, i) => (
            <div key={i}>
              {t(T.eventLine, { event: t(EVENT_TEXT[event.kind], { who: who(event.seat) }), n: event.after_trick })}
            </div>
          ))}
        </Fact>
      )}
    </dl>
  );
}

function Result({ record }: { record: RoundRecord }) {
  const t = useT();
  const lang = useLang();
  const who = useWho(record);
  const outcome = useMemo(() => outcomeOf(record), [record]);
  const { u, x, band } = outcome;
  const kittyCards = cardsText(outcome.kitty, lang);
  const qidong = record.preset === "qidong";
  const shandong = record.preset === "shandong";
  let bandText: string;
  if (band.side === "stepdown") bandText = t(T.bandStepdown, { x });
  else if (qidong) bandText = t(band.side === "banker" ? T.bandBankerQidong : T.bandAttackersQidong, { x, k: band.k });
  else bandText = t(band.side === "banker" ? T.bandBanker : T.bandAttackers, { x, k: band.k });
  const thresholds = shandong ? T.thresholdsShandong : qidong ? T.thresholdsQidong : T.thresholds;
  const multiplierRule = shandong ? T.ruleMultiplierShandong : qidong ? T.ruleMultiplierQidong : T.ruleMultiplier;
  const individual = record.levels_before !== null && !fixedPartners(record);
  const scoresRule = qidong ? t(T.scoresQidong, { c: record.bid_count }) : individual ? t(T.scoresIndividual) : t(T.scoresTeam);
  return (
    <section className="panel rp-result" data-testid="replay-result">
      <h2>{t(T.result)}</h2>
      <ol className="rp-sum">
        <li data-testid="replay-trick-points">{t(T.trickPoints, { n: outcome.trickPoints })}</li>
        <li data-testid="replay-kitty-bonus">
          {outcome.kittyCase === "kou"
            ? t(T.kittyKou, { cards: kittyCards, points: outcome.kittyPoints, m: outcome.multiplier, bonus: outcome.kittyBonus })
            : outcome.kittyCase === "bao"
              ? t(T.kittyBao, { cards: kittyCards, points: outcome.kittyPoints })
              : t(T.kittyNone, { cards: kittyCards, points: outcome.kittyPoints })}
          <div className="rp-muted">{t(multiplierRule)}</div>
        </li>
        {outcome.other !== 0 && <li>{t(T.other, { n: outcome.other > 0 ? `+${outcome.other}` : outcome.other })}</li>}
        <li>
          <strong data-testid="replay-x">{t(T.total, { x })}</strong>
        </li>
      </ol>
      <p className="rp-muted">{t(thresholds, { decks: decksOf(record), u, u2: 2 * u, u3: 3 * u })}</p>
      <p className="rp-band" data-testid="replay-band">
        {bandText}
      </p>
      {record.levels_before && <p className="rp-muted">{t(shandong ? T.levelsNoteShandong : T.levelsNote)}</p>}
      <p className="rp-muted">{scoresRule}</p>
      <div className="rp-scroll">
        <table className="list" data-testid="replay-scores">
          <thead>
            <tr>
              <th>{t(T.seat)}</th>
              <th>{t(T.role)}</th>
              {record.levels_before && <th>{t(T.level)}</th>}
              <th>{t(T.score)}</th>
              <th>{t(T.penalty)}</th>
            </tr>
          </thead>
          <tbody>
            {record.players.map((_, seat) => (
              <tr key={seat}>
                <td>{who(seat)}</td>
                <td>
                  <RoleBadge record={record} seat={seat} />
                </td>
                {record.levels_before && (
                  <td>
                    {record.levels_before[seat]} → <strong>{record.levels_after?.[seat] ?? "?"}</strong>
                  </td>
                )}
                <td className={record.scores[seat] > 0 ? "rp-plus" : record.scores[seat] < 0 ? "rp-minus" : ""}>
                  {record.scores[seat] > 0 ? `+${record.scores[seat]}` : record.scores[seat]}
                </td>
                <td>{record.penalties[seat]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-testid="replay-next-banker">
        {t(T.nextBanker, { who: record.next_banker === null ? t(T.byBidding) : who(record.next_banker) })}
      </p>
      {record.match_over && <p className="rp-muted">{t(T.matchOver)}</p>}
    </section>
  );
}
