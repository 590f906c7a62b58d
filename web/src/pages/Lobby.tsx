// The lobby: sign-in or quick play, the public rooms (followed live), a room by its code,
// and the new-room form.
import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError, lastTable, savedToken, startAtOnce, BOT_LEVELS, type Account, type BotLevel, type PresetInfo, type PresetOption, type RoomSummary } from "../api";
import { m, pick, tr, useLang, useT, type Lang, type Msg } from "../i18n";
import { MODE_NAMES, PRESET_NAMES, playerName, presetName, seatLabel } from "../names";
import { go, href } from "../route";
import { useSession } from "../session";
import type { Connection } from "../ws";
import "./lobby.css";

const T = {
  welcomeTitle: m("来打一局找朋友！", "來打一局找朋友！", "Play a round of Find a Friend!"),
  welcomeText: m(
    "找朋友、启东招朋友、升级和山东升级：和电脑或朋友在线玩，不用安装。",
    "找朋友、啟東招朋友、升級和山東升級：和電腦或朋友線上玩，不用安裝。",
    "Find a Friend, Qidong Friend, Tractor and Shandong Shengji: play online with bots or friends, nothing to install.",
  ),
  quickPlay: m("快速开始（和电脑玩）", "快速開始（和電腦玩）", "Quick start (play with bots)"),
  quickPlayHint: m(
    "马上开一桌五人找朋友（4 局），另外四个座位是电脑。",
    "馬上開一桌五人找朋友（4 局），另外四個座位是電腦。",
    "Starts a five-player Find a Friend table (4 rounds) at once; bots take the other four seats.",
  ),
  guest: m("以游客身份继续", "以遊客身分繼續", "Continue as a guest"),
  restoring: m("正在连接你的账号…", "正在連線你的帳號…", "Connecting to your account…"),
  login: m("登录", "登入", "Log in"),
  register: m("注册", "註冊", "Register"),
  name: m("名字", "名字", "Name"),
  password: m("密码", "密碼", "Password"),
  nameHint: m(
    "2–20 个汉字、字母或数字（也可用 - · _）",
    "2–20 個漢字、字母或數字（也可用 - · _）",
    "2–20 letters, digits or Chinese characters (also - · _)",
  ),
  passwordHint: m("至少 6 个字符", "至少 6 個字元", "at least 6 characters"),
  keepTitle: m("注册以保留这个账号", "註冊以保留這個帳號", "Register to keep this account"),
  keepText: m(
    "游客账号只存在这个浏览器里。注册后积分、称号和战绩都会保留，在别的设备上也能登录。",
    "遊客帳號只存在這個瀏覽器裡。註冊後積分、稱號和戰績都會保留，在別的裝置上也能登入。",
    "A guest account lives only in this browser. Register to keep your score, title and history and to log in from other devices.",
  ),
  guestBadge: m("游客", "遊客", "guest"),
  score: m("积分", "積分", "score"),
  roundsPlayed: m("{n} 局", "{n} 局", "rounds played: {n}"),
  logout: m("退出登录", "登出", "Log out"),
  guestLogoutWarning: m(
    "游客退出后就无法再回到这个账号。",
    "遊客登出後就無法再回到這個帳號。",
    "A guest who logs out cannot come back to this account.",
  ),
  codeTitle: m("用邀请码进入私人房间", "用邀請碼進入私人房間", "Enter a private room by its code"),
  codePlaceholder: m("6 位邀请码", "6 位邀請碼", "6-digit code"),
  codeJoin: m("进入", "進入", "Enter"),
  codeInvalid: m("邀请码是 6 位数字", "邀請碼是 6 位數字", "A code is 6 digits"),
  rooms: m("房间", "房間", "Rooms"),
  roomsCount: m("{n} 个", "{n} 個", "{n}"),
  live: m("实时更新", "即時更新", "live"),
  filterPreset: m("玩法", "玩法", "Game"),
  filterStatus: m("状态", "狀態", "Status"),
  all: m("全部", "全部", "all"),
  freeOnly: m("只看有空位的", "只看有空位的", "only with free seats"),
  noRooms: m(
    "现在没有公开房间，开一个吧！",
    "現在沒有公開房間，開一個吧！",
    "No public rooms right now: create one!",
  ),
  noMatch: m("没有符合条件的房间。", "沒有符合條件的房間。", "No room matches these filters."),
  roomsFailed: m("无法载入房间列表。", "無法載入房間列表。", "Could not load the rooms."),
  loading: m("载入中…", "載入中…", "Loading…"),
  roundsProgress: m("第 {played}/{rounds} 局", "第 {played}/{rounds} 局", "round {played}/{rounds}"),
  roundsPlanned: m("共 {rounds} 局", "共 {rounds} 局", "{rounds} rounds"),
  backToTable: m("回到牌桌", "回到牌桌", "Back to the table"),
  yourTable: m(
    "你在「{name}」的牌局还没打完（{game}，{progress}）。",
    "你在「{name}」的牌局還沒打完（{game}，{progress}）。",
    "Your game in “{name}” is still on ({game}, {progress}).",
  ),
  seatsTaken: m(
    "座位 {taken}/{size}（玩家 {players}，电脑 {bots}）",
    "座位 {taken}/{size}（玩家 {players}，電腦 {bots}）",
    "seats {taken}/{size} ({players} players, {bots} bots)",
  ),
  spectators: m("观战 {n}", "觀戰 {n}", "{n} watching"),
  emptySeat: m("空位", "空位", "free"),
  join: m("加入", "加入", "Join"),
  watch: m("观战", "觀戰", "Watch"),
  create: m("开新房间", "開新房間", "New room"),
  preset: m("玩法", "玩法", "Game"),
  players: m("{n} 人", "{n} 人", "{n} players"),
  mode: m("模式：", "模式：", "Mode: "),
  roomName: m("房间名（可不填）", "房間名（可不填）", "Room name (optional)"),
  series: m("连打局数", "連打局數", "Rounds in the series"),
  seriesHint: m("1–50 局（R-11.2）", "1–50 局（R-11.2）", "1–50 rounds (R-11.2)"),
  private: m("私人房间", "私人房間", "Private room"),
  privateHint: m(
    "不在大厅列出，朋友用 6 位邀请码进入",
    "不在大廳列出，朋友用 6 位邀請碼進入",
    "not listed; friends enter with a 6-digit code",
  ),
  bots: m("电脑玩家", "電腦玩家", "Bots"),
  fillBots: m("其他座位都由电脑坐", "其他座位都由電腦坐", "Bots in all the other seats"),
  botLevel: m("电脑难度", "電腦難度", "Bot level"),
  botLevelHint: m(
    "也替托管和掉线的玩家出牌。普通、困难的电脑会搜索，每步最多想 0.2 秒、1 秒。",
    "也替託管和斷線的玩家出牌。普通、困難的電腦會搜尋，每步最多想 0.2 秒、1 秒。",
    "They also play for players on autoplay or away. Normal and hard bots search, up to 0.2 s and 1 s a move.",
  ),
  botLevelShown: m("电脑：{level}", "電腦：{level}", "Bots: {level}"),
  botsHint: m(
    "1号位留给你；没勾选的座位等玩家加入。",
    "1號位留給你；沒勾選的座位等玩家加入。",
    "Seat 1 is yours; unticked seats wait for players.",
  ),
  allBots: m(
    "全是电脑：牌局马上开始，你来观战。",
    "全是電腦：牌局馬上開始，你來觀戰。",
    "Bots only: the series starts at once and you watch.",
  ),
  advanced: m("高级设置：节奏与强退", "進階設定：節奏與強退", "Advanced: pacing and forced quits"),
  advancedHint: m(
    "不改就用服务器的默认值。",
    "不改就用伺服器的預設值。",
    "Leave them as they are for the server's defaults.",
  ),
  submit: m("创建房间", "建立房間", "Create the room"),
  outOfRange: m(
    "{field}须是 {min} 到 {max} 之间的数",
    "{field}須是 {min} 到 {max} 之間的數",
    "{field} must be a number from {min} to {max}",
  ),
  wholeNumber: m("{field}须是整数", "{field}須是整數", "{field} must be a whole number"),
  presetsFailed: m("无法载入玩法列表。", "無法載入玩法列表。", "Could not load the games."),
};

const STATUS_NAMES: Record<RoomSummary["status"], Msg> = {
  open: m("等人中", "等人中", "waiting"),
  playing: m("进行中", "進行中", "playing"),
  finished: m("已结束", "已結束", "finished"),
};

const ERRORS: Record<string, Msg> = {
  unauthorized: m("登录已失效，请重新登录。", "登入已失效，請重新登入。", "Your session has expired: please log in again."),
  name_taken: m("这个名字已经有人用了。", "這個名字已經有人用了。", "That name is taken."),
  busy: m("服务器忙，请再试一次。", "伺服器忙，請再試一次。", "The server is busy: please try again."),
  network: m("连不上服务器，请稍后再试。", "連不上伺服器，請稍後再試。", "Cannot reach the server: please try again later."),
};

const WRONG_PASSWORD = m("名字或密码不对。", "名字或密碼不對。", "Wrong name or password.");

// The server's bad_credentials messages are English only; these are the ones it sends.
const CREDENTIAL_ERRORS: [RegExp, Msg][] = [
  [/^a name is/, m("名字须为 2–20 个汉字、字母或数字（也可用 - · _）。", "名字須為 2–20 個漢字、字母或數字（也可用 - · _）。", "A name is 2–20 letters, digits or Chinese characters (also - · _).")],
  [/kept for guests/, m("以 guest 或“游客”开头的名字留给游客。", "以 guest 或「遊客」開頭的名字留給遊客。", "Names that start like a guest's name are kept for guests.")],
  [/^a password has/, m("密码须为 6–200 个字符。", "密碼須為 6–200 個字元。", "A password has 6–200 characters.")],
];

function errorText(error: unknown, lang: Lang): string {
  if (!(error instanceof ApiError)) return tr(ERRORS.network, lang);
  if (error.code === "bad_credentials") {
    const known = CREDENTIAL_ERRORS.find(([pattern]) => pattern.test(error.message));
    if (known) return tr(known[1], lang);
  }
  const msg = ERRORS[error.code];
  return msg ? tr(msg, lang) : error.message;
}

/** Short labels and help of the options the presets have (GET /api/presets). */
const OPTION_TEXTS: Record<string, { label: Msg; help: Msg }> = {
  decks: {
    label: m("副数", "副數", "decks"),
    help: m("用几副牌（R-1.1）", "用幾副牌（R-1.1）", "number of decks (R-1.1)"),
  },
  kitty_size: {
    label: m("底牌张数", "底牌張數", "kitty"),
    help: m("底牌的张数（R-7.1）", "底牌的張數（R-7.1）", "cards in the kitty (R-7.1)"),
  },
  throw_penalty: {
    label: m("甩牌罚分", "甩牌罰分", "failed throw"),
    help: m("每次甩牌失败扣的积分（R-4.4）", "每次甩牌失敗扣的積分（R-4.4）", "score lost per failed throw (R-4.4)"),
  },
  partner: {
    label: m("搭档", "搭檔", "partner"),
    help: m(
      "固定：对家是搭档「定」；叫朋友：庄家叫一张牌找朋友「寻」",
      "固定：對家是搭檔「定」；叫朋友：莊家叫一張牌找朋友「尋」",
      "fixed: partners sit opposite; called: the banker names a card, its holder is the friend",
    ),
  },
  dengsi: {
    label: m("等死", "等死", "no adding"),
    help: m("等死：亮出的牌不能再加（R-8.4）", "等死：亮出的牌不能再加（R-8.4）", "No adding: nothing may be added to a declaration (R-8.4)"),
  },
  feng_j: {
    label: m("逢J必打", "逢J必打", "stop at J"),
    help: m("逢J必打：升级升到 J 为止（R-9.7）", "逢J必打：升級升到 J 為止（R-9.7）", "Stop at J: a rise stops at J (R-9.7)"),
  },
  j_to_6: {
    label: m("J到6", "J到6", "J to 6"),
    help: m(
      "J到6／双J到底：庄家方在 J 时，闲家用 J 扣底，庄家方降到 6（一对 J：降到 A）（R-9.7）",
      "J到6／雙J到底：莊家方在 J 時，閒家用 J 扣底，莊家方降到 6（一對 J：降到 A）（R-9.7）",
      "J to 6 / two Js to the bottom: a J that takes the last trick drops the banker's team from J to 6 (a pair of J: to A) (R-9.7)",
    ),
  },
};

// The same option can mean something else in another preset.
const PRESET_OPTION_HELP: Record<string, Msg> = {
  "qidong.throw_penalty": m(
    "甩牌失败时每张牌罚的分，算进闲家得分 X（R-4.4）",
    "甩牌失敗時每張牌罰的分，算進閒家得分 X（R-4.4）",
    "points per card of a failed throw, counted in X (R-4.4)",
  ),
};

const CHOICE_NAMES: Record<string, Msg> = {
  fixed: m("固定对家", "固定對家", "fixed"),
  called: m("叫朋友", "叫朋友", "called"),
  true: m("开", "開", "on"),
  false: m("关", "關", "off"),
};

function optionLabel(name: string, lang: Lang): string {
  const texts = OPTION_TEXTS[name];
  return texts ? tr(texts.label, lang) : name;
}

function optionHelp(preset: string, option: PresetOption, lang: Lang): string {
  const msg = PRESET_OPTION_HELP[`${preset}.${option.name}`] ?? OPTION_TEXTS[option.name]?.help;
  return msg ? tr(msg, lang) : option.help;
}

function choiceName(value: unknown, lang: Lang): string {
  const msg = CHOICE_NAMES[String(value)];
  return msg ? tr(msg, lang) : String(value);
}

function optionsText(options: Record<string, unknown>, lang: Lang): string {
  return Object.entries(options)
    .map(([name, value]) => `${optionLabel(name, lang)} ${choiceName(value, lang)}`)
    .join(" · ");
}

/** the partner option decides the mode where a preset has one (tractor). */
function modeOf(preset: PresetInfo, options: Record<string, unknown>): "xun" | "ding" {
  if (options.partner === "called") return "xun";
  if (options.partner === "fixed") return "ding";
  return preset.mode;
}

const BOT_LEVEL_NAMES: Record<BotLevel, Msg> = {
  easy: m("简单", "簡單", "easy"),
  normal: m("普通", "普通", "normal"),
  hard: m("困难", "困難", "hard"),
};

const QUICK_PLAY = { preset: "zhaopengyou", rounds: 4, bots: [1, 2, 3, 4], deal_ms: 40, bot_ms: 500 };

/**
 * A token for the HTTP calls and the table page: the saved one, else a new guest. A saved
 * token whose welcome has not come yet still counts, so a reload never makes a second guest.
 */
/** Busy flag and localized error of one button or form. */
function useAction() {
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>, describe: (error: unknown) => string = (e) => errorText(e, lang)) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

export function Lobby() {
  const session = useSession();
  const [presets, setPresets] = useState<PresetInfo[] | null>(null);
  const [presetsFailed, setPresetsFailed] = useState(false);
  useEffect(() => {
    let current = true;
    api.presets().then(
      (answer) => current && setPresets(answer.presets),
      () => current && setPresetsFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="lobby">
      {session.account ? <AccountPanel account={session.account} /> : savedToken() ? <RestoringPanel /> : <WelcomePanel />}
      {session.account && <YourTable accountId={session.account.id} />}
      <div className="lobby-columns">
        <RoomList presets={presets} />
        <CreateRoomForm presets={presets} failed={presetsFailed} />
      </div>
    </div>
  );
}

/** Where the series stands: the round in play (or next) of the series, or its length before it starts. */
function progressText(room: RoomSummary, t: ReturnType<typeof useT>): string {
  if (room.status === "open") return t(T.roundsPlanned, { rounds: room.rounds });
  return t(T.roundsProgress, { played: Math.min(room.rounds, room.rounds_played + 1), rounds: room.rounds });
}

function holdsSeat(room: RoomSummary, accountId: number): boolean {
  return room.seats.some((seat) => seat.account === accountId && !seat.quit);
}

/** A player who closed the tab during a series is offered its seat back at once (any room, private ones too). */
function YourTable({ accountId }: { accountId: number }) {
  const t = useT();
  const lang = useLang();
  const [room, setRoom] = useState<RoomSummary | null>(null);
  useEffect(() => {
    const id = lastTable();
    if (!id) return;
    let current = true;
    api.room(id, lang).then(
      (answer) => current && setRoom(answer.room.status !== "finished" && holdsSeat(answer.room, accountId) ? answer.room : null),
      () => current && setRoom(null),
    );
    return () => {
      current = false;
    };
  }, [accountId, lang]);
  if (!room) return null;
  return (
    <section className="panel lobby-return" data-testid="your-table">
      <span>
        {t(T.yourTable, { name: room.name, game: presetName(room.preset, lang), progress: progressText(room, t) })}
      </span>{" "}
      <button className="btn primary big" data-testid="back-to-table" onClick={() => go({ page: "room", id: room.id, watch: false })}>
        {t(T.backToTable)}
      </button>
    </section>
  );
}

const NAME_MAX = 20; // an account's name: 2–20 characters (docs/protocol.md § accounts)

function WelcomePanel() {
  const t = useT();
  const session = useSession();
  const guest = useAction();
  const continueAsGuest = () =>
    void guest.run(async () => {
      await session.ensureAccount();
    });
  return (
    <section className="panel lobby-top lobby-welcome">
      <div className="lobby-hero">
        <h1>{t(T.welcomeTitle)}</h1>
        <p className="lobby-muted">{t(T.welcomeText)}</p>
        <QuickPlay />
        <button className="btn" data-testid="guest" disabled={guest.busy} onClick={continueAsGuest}>
          {t(T.guest)}
        </button>
        {guest.error && <p className="error">{guest.error}</p>}
        <CodeJoin />
      </div>
      <div className="lobby-auth">
        <AuthForm kind="login" />
        <AuthForm kind="register" />
      </div>
    </section>
  );
}

function RestoringPanel() {
  const t = useT();
  return (
    <section className="panel lobby-top">
      <p className="loading">{t(T.restoring)}</p>
      <div className="lobby-top-row">
        <QuickPlay />
        <CodeJoin />
      </div>
    </section>
  );
}

function AccountPanel({ account }: { account: Account }) {
  const t = useT();
  const lang = useLang();
  const session = useSession();
  return (
    <section className="panel lobby-top lobby-account" data-testid="account-panel">
      <div className="lobby-top-row">
        <div className="lobby-me">
          <a className="lobby-me-name" href={href({ page: "profile", name: account.name })} data-testid="me-name">
            {account.name}
          </a>
          {account.guest && <span className="lobby-badge">{t(T.guestBadge)}</span>}
          <div className="lobby-me-stats">
            <span className="lobby-title" data-testid="me-title">
              {pick(account.title, lang)}
            </span>
            <span>
              {t(T.score)} <b data-testid="me-score">{account.score}</b>
            </span>
            <span>{t(T.roundsPlayed, { n: account.rounds_played })}</span>
          </div>
        </div>
        <QuickPlay />
        <CodeJoin />
        <div className="lobby-logout">
          <button className="btn" data-testid="logout" onClick={() => void session.signOut()}>
            {t(T.logout)}
          </button>
          {account.guest && <small className="lobby-muted">{t(T.guestLogoutWarning)}</small>}
        </div>
      </div>
      {account.guest && (
        <div className="lobby-keep">
          <div>
            <h2>{t(T.keepTitle)}</h2>
            <p className="lobby-muted">{t(T.keepText)}</p>
          </div>
          <AuthForm kind="register" />
        </div>
      )}
    </section>
  );
}

function QuickPlay() {
  const t = useT();
  const session = useSession();
  const { busy, error, run } = useAction();
  const start = () =>
    run(async () => {
      await session.ensureAccount();
      const { room } = await api.createRoom(QUICK_PLAY);
      startAtOnce(room.id); // one click starts the game: no 准备 to press
      go({ page: "room", id: room.id, watch: false });
    });
  return (
    <div className="lobby-quick">
      <button className="btn primary big" data-testid="quick-play" disabled={busy} onClick={() => void start()}>
        {t(T.quickPlay)}
      </button>
      <small className="lobby-muted">{t(T.quickPlayHint)}</small>
      {error && <p className="error">{error}</p>}
    </div>
  );
}

function AuthForm({ kind }: { kind: "login" | "register" }) {
  const t = useT();
  const lang = useLang();
  const session = useSession();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        const call = kind === "login" ? api.login : api.register;
        const answer = await call(name.trim(), password);
        session.signIn(answer.token, answer.account);
      },
      (err) =>
        kind === "login" && err instanceof ApiError && err.code === "unauthorized" ? tr(WRONG_PASSWORD, lang) : errorText(err, lang),
    );
  };
  return (
    <form className="lobby-form" onSubmit={submit} data-testid={`${kind}-form`}>
      <h2>{t(kind === "login" ? T.login : T.register)}</h2>
      <label className="lobby-field">
        <span>{t(T.name)}</span>
        <input
          data-testid={`${kind}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="username"
          maxLength={NAME_MAX}
          required
        />
        {kind === "register" && <small className="lobby-help">{t(T.nameHint)}</small>}
      </label>
      <label className="lobby-field">
        <span>{t(T.password)}</span>
        <input
          data-testid={`${kind}-password`}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete={kind === "login" ? "current-password" : "new-password"}
          maxLength={200}
          required
        />
        {kind === "register" && <small className="lobby-help">{t(T.passwordHint)}</small>}
      </label>
      <button className="btn primary" data-testid={`${kind}-submit`} disabled={busy}>
        {t(kind === "login" ? T.login : T.register)}
      </button>
      {error && <p className="error">{error}</p>}
    </form>
  );
}

function CodeJoin() {
  const t = useT();
  const session = useSession();
  const [code, setCode] = useState("");
  const { busy, error, run } = useAction();
  // Full-width digits (０-９) count as digits; spaces are ignored.
  const clean = code.replace(/\s+/g, "").replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10));
  const valid = /^\d{6}$/.test(clean);
  const wrong = clean !== "" && (!/^\d*$/.test(clean) || clean.length > 6);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    void run(async () => {
      await session.ensureAccount();
      go({ page: "room", id: clean, watch: false });
    });
  };
  return (
    <form className="lobby-code" onSubmit={submit}>
      <label htmlFor="lobby-code-input">{t(T.codeTitle)}</label>
      <div className="lobby-code-row">
        <input
          id="lobby-code-input"
          data-testid="code-input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          aria-invalid={wrong}
          placeholder={t(T.codePlaceholder)}
        />
        <button className="btn" data-testid="code-join" disabled={busy || !valid}>
          {t(T.codeJoin)}
        </button>
      </div>
      {wrong && (
        <p className="error" data-testid="code-error">
          {t(T.codeInvalid)}
        </p>
      )}
      {error && <p className="error">{error}</p>}
    </form>
  );
}

/**
 * The public rooms: followed over the WebSocket while it is open (`lobby`, `lobby_room`,
 * `lobby_room_gone`), else read over HTTP every few seconds (signed out, or reconnecting).
 */
function useLobbyRooms(): { rooms: RoomSummary[] | null; failed: boolean; live: boolean } {
  const { connection, lang } = useSession();
  const [rooms, setRooms] = useState<RoomSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  // The connection whose status is open; session.status may still be the previous one's.
  const [openConnection, setOpenConnection] = useState<Connection | null>(null);
  const live = connection !== null && openConnection === connection;

  useEffect(() => {
    if (live) return;
    let current = true;
    const load = () =>
      api.rooms(lang).then(
        (answer) => {
          if (!current) return;
          setRooms(answer.rooms);
          setFailed(false);
        },
        () => current && setFailed(true),
      );
    void load();
    const timer = setInterval(load, 10_000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [live, lang]);

  useEffect(() => {
    if (!connection) return;
    const follow = () => connection.send({ type: "lobby", follow: true });
    const stopMessages = connection.onMessage((message) => {
      if (message.type === "lobby") {
        setRooms(message.rooms as RoomSummary[]);
        setFailed(false);
      } else if (message.type === "lobby_room") {
        const room = message.room as RoomSummary;
        setRooms((list) => [...(list ?? []).filter((r) => r.id !== room.id), room]);
      } else if (message.type === "lobby_room_gone") {
        setRooms((list) => (list ?? []).filter((r) => r.id !== message.id));
      }
    });
    // Each (re)open asks for a fresh list: updates missed while closed are not replayed.
    const stopStatus = connection.onStatus((status) => {
      setOpenConnection(status === "open" ? connection : null);
      if (status === "open") follow();
    });
    if (connection.status === "open") {
      setOpenConnection(connection);
      follow();
    }
    return () => {
      stopMessages();
      stopStatus();
      // The connection outlives the lobby page: stop the updates the table page does not need.
      connection.send({ type: "lobby", follow: false });
    };
  }, [connection]);

  return { rooms, failed, live };
}

function freeSeat(room: RoomSummary): boolean {
  return room.seats.some((seat) => !seat.bot && seat.account === null && seat.name === "");
}

function RoomList({ presets }: { presets: PresetInfo[] | null }) {
  const t = useT();
  const { rooms, failed, live } = useLobbyRooms();
  const [preset, setPreset] = useState("all");
  const [status, setStatus] = useState<"all" | "open" | "playing">("all");
  const [freeOnly, setFreeOnly] = useState(false);
  const presetNames = presets?.map((p) => p.name) ?? Object.keys(PRESET_NAMES);
  const lang = useLang();

  const shown = (rooms ?? [])
    .filter((room) => room.status !== "finished")
    .filter((room) => preset === "all" || room.preset === preset)
    .filter((room) => status === "all" || room.status === status)
    .filter((room) => !freeOnly || (room.status === "open" && freeSeat(room)))
    .sort((a, b) => Number(a.status !== "open") - Number(b.status !== "open") || a.name.localeCompare(b.name));

  return (
    <section className="panel lobby-rooms">
      <div className="lobby-rooms-head">
        <h2>
          {t(T.rooms)} <small className="lobby-muted">{t(T.roomsCount, { n: shown.length })}</small>
        </h2>
        {live && <span className="lobby-live">● {t(T.live)}</span>}
      </div>
      <div className="lobby-filters">
        <label>
          {t(T.filterPreset)}{" "}
          <select data-testid="filter-preset" value={preset} onChange={(e) => setPreset(e.target.value)}>
            <option value="all">{t(T.all)}</option>
            {presetNames.map((name) => (
              <option key={name} value={name}>
                {presetName(name, lang)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t(T.filterStatus)}{" "}
          <select data-testid="filter-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="all">{t(T.all)}</option>
            <option value="open">{t(STATUS_NAMES.open)}</option>
            <option value="playing">{t(STATUS_NAMES.playing)}</option>
          </select>
        </label>
        <label>
          <input type="checkbox" data-testid="filter-free" checked={freeOnly} onChange={(e) => setFreeOnly(e.target.checked)} />{" "}
          {t(T.freeOnly)}
        </label>
      </div>
      <div className="lobby-room-grid" data-testid="room-list">
        {rooms === null && !failed && <p className="loading">{t(T.loading)}</p>}
        {rooms === null && failed && <p className="error">{t(T.roomsFailed)}</p>}
        {rooms !== null && shown.length === 0 && (
          <p className="lobby-muted lobby-empty">{t(rooms.length === 0 ? T.noRooms : T.noMatch)}</p>
        )}
        {shown.map((room) => (
          <RoomCard key={room.id} room={room} />
        ))}
      </div>
    </section>
  );
}

function RoomCard({ room }: { room: RoomSummary }) {
  const t = useT();
  const lang = useLang();
  const session = useSession();
  const { busy, error, run } = useAction();
  const players = room.seats.filter((seat) => !seat.bot && seat.account !== null).length;
  const bots = room.seats.filter((seat) => seat.bot).length;
  const mine = session.account !== null && holdsSeat(room, session.account.id);
  const enter = (watch: boolean) =>
    void run(async () => {
      await session.ensureAccount();
      go({ page: "room", id: room.id, watch });
    });
  return (
    <article className="lobby-room" data-testid="room-row" data-room-id={room.id}>
      <header className="lobby-room-head">
        <strong className="lobby-room-name">{room.name}</strong>
        <span className={`lobby-status lobby-status-${room.status}`}>{t(STATUS_NAMES[room.status])}</span>
      </header>
      <div className="lobby-room-game">
        {presetName(room.preset, lang)} · {t(MODE_NAMES[room.mode])}
      </div>
      <div className="lobby-room-options lobby-muted">{optionsText(room.options, lang)}</div>
      <div className="lobby-room-stats">
        <span>{progressText(room, t)}</span>
        <span>{t(T.seatsTaken, { taken: players + bots, size: room.seats.length, players, bots })}</span>
        <span>{t(T.spectators, { n: room.spectators })}</span>
        {bots > 0 && (
          <span data-testid="room-bot-level">{t(T.botLevelShown, { level: t(BOT_LEVEL_NAMES[room.settings.bot_level]) })}</span>
        )}
      </div>
      <ul className="lobby-seats">
        {room.seats.map((seat, index) => (
          <li key={index} className={seat.bot ? "lobby-seat-bot" : seat.name ? "" : "lobby-seat-free"}>
            <small>{seatLabel(index, lang)}</small> {seat.name ? playerName(seat.name, lang) : t(T.emptySeat)}
          </li>
        ))}
      </ul>
      <div className="lobby-room-actions">
        {room.status === "open" && freeSeat(room) && !mine && (
          <button className="btn primary" data-testid="join" disabled={busy} onClick={() => enter(false)}>
            {t(T.join)}
          </button>
        )}
        {mine ? (
          <button className="btn primary" data-testid="back-to-table" disabled={busy} onClick={() => enter(false)}>
            {t(T.backToTable)}
          </button>
        ) : (
          <button className="btn" data-testid="watch" disabled={busy} onClick={() => enter(true)}>
            {t(T.watch)}
          </button>
        )}
      </div>
      {error && <p className="error">{error}</p>}
    </article>
  );
}

interface Setting {
  key: "deal_ms" | "bot_ms" | "turn_seconds" | "between_ms" | "quit_penalty";
  testId: string;
  label: Msg;
  min: number;
  max: number;
  initial: number;
  integer: boolean;
  help?: Msg;
}

// docs/protocol.md § Room settings.
const SETTINGS: Setting[] = [
  {
    key: "deal_ms",
    testId: "create-deal-ms",
    label: m("发牌速度（每张毫秒）", "發牌速度（每張毫秒）", "Deal speed (ms per card)"),
    min: 0,
    max: 2000,
    initial: 120,
    integer: true,
  },
  {
    key: "bot_ms",
    testId: "create-bot-ms",
    label: m("电脑出牌前等待（毫秒）", "電腦出牌前等待（毫秒）", "Bot delay before acting (ms)"),
    min: 0,
    max: 120_000,
    initial: 700,
    integer: true,
  },
  {
    key: "turn_seconds",
    testId: "create-turn-seconds",
    label: m("出牌限时（秒）", "出牌限時（秒）", "Turn timer (s)"),
    help: m(
      "扣底、换底、叫朋友、还牌的时间加倍；第一次超时由电脑代出这一手，连续两次超时转为托管",
      "扣底、換底、叫朋友、還牌的時間加倍；第一次逾時由電腦代出這一手，連續兩次逾時轉為託管",
      "Twice as long to bury, swap, call the friend or give back; a first timeout plays that move for you, a second in a row turns on autoplay",
    ),
    min: 0.05,
    max: 600,
    initial: 30,
    integer: false,
  },
  {
    key: "between_ms",
    testId: "create-between-ms",
    label: m("两局之间的间隔（毫秒）", "兩局之間的間隔（毫秒）", "Pause between rounds (ms)"),
    min: 0,
    max: 120_000,
    initial: 6000,
    integer: true,
  },
  {
    key: "quit_penalty",
    testId: "create-quit-penalty",
    label: m("强退罚分（每剩一局）", "強退罰分（每剩一局）", "Forced-quit charge (score per round left)"),
    min: 0,
    max: 1000,
    initial: 10,
    integer: true,
  },
];

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** A number typed in a field, or a message saying why it is refused. */
function readNumber(text: string, field: string, min: number, max: number, integer: boolean, lang: Lang): number | string {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < min || value > max) {
    return tr(T.outOfRange, lang, { field, min, max });
  }
  if (integer && !Number.isInteger(value)) return tr(T.wholeNumber, lang, { field });
  return value;
}

function CreateRoomForm({ presets, failed }: { presets: PresetInfo[] | null; failed: boolean }) {
  const t = useT();
  const lang = useLang();
  const session = useSession();
  const [presetChoice, setPresetChoice] = useState("zhaopengyou");
  // Typed values by option name; a missing one shows the preset's default.
  const [optionValues, setOptionValues] = useState<Record<string, string>>({});
  // null: the default, bots in every seat but the creator's.
  const [botSeats, setBotSeats] = useState<number[] | null>(null);
  const [name, setName] = useState("");
  const [rounds, setRounds] = useState("8");
  const [isPrivate, setIsPrivate] = useState(false);
  const [botLevel, setBotLevel] = useState<BotLevel>("normal");
  const [settings, setSettings] = useState<Record<string, string>>(() =>
    Object.fromEntries(SETTINGS.map((s) => [s.key, String(s.initial)])),
  );
  const { busy, error, setError, run } = useAction();

  if (!presets) {
    return (
      <section className="panel lobby-create" data-testid="create-form">
        <h2>{t(T.create)}</h2>
        {failed ? <p className="error">{t(T.presetsFailed)}</p> : <p className="loading">{t(T.loading)}</p>}
      </section>
    );
  }
  const preset = presets.find((p) => p.name === presetChoice) ?? presets[0];
  const seats = range(0, preset.players);
  const bots = botSeats ?? range(1, preset.players);
  const othersAreBots = range(1, preset.players).every((seat) => bots.includes(seat));
  const typed = (option: PresetOption) => optionValues[option.name] ?? String(option.default);
  const chosen = (option: PresetOption): unknown =>
    option.choices ? (option.choices.find((c) => String(c) === typed(option)) ?? option.default) : typed(option);
  const options = Object.fromEntries(preset.options.map((option) => [option.name, chosen(option)]));

  const choosePreset = (next: string) => {
    setPresetChoice(next);
    setOptionValues({});
    setBotSeats(null);
  };
  const toggleBot = (seat: number, on: boolean) =>
    setBotSeats(on ? [...bots, seat].sort((a, b) => a - b) : bots.filter((s) => s !== seat));
  const fillBots = (on: boolean) =>
    setBotSeats(on ? [...new Set([...bots, ...range(1, preset.players)])].sort((a, b) => a - b) : bots.filter((s) => s === 0));

  /** The POST /api/rooms body, or why the form cannot be sent. */
  const request = (): Record<string, unknown> | string => {
    const body: Record<string, unknown> = { preset: preset.name, private: isPrivate, bots, bot_level: botLevel };
    const sentOptions: Record<string, unknown> = {};
    for (const option of preset.options) {
      if (option.choices) {
        sentOptions[option.name] = chosen(option);
        continue;
      }
      const value = readNumber(typed(option), optionLabel(option.name, lang), option.minimum ?? -Infinity, option.maximum ?? Infinity, true, lang);
      if (typeof value === "string") return value;
      sentOptions[option.name] = value;
    }
    body.options = sentOptions;
    const seriesRounds = readNumber(rounds, t(T.series), 1, 50, true, lang);
    if (typeof seriesRounds === "string") return seriesRounds;
    body.rounds = seriesRounds;
    if (name.trim()) body.name = name.trim();
    for (const setting of SETTINGS) {
      const value = readNumber(settings[setting.key], t(setting.label), setting.min, setting.max, setting.integer, lang);
      if (typeof value === "string") return value;
      // Unchanged settings stay out: the server's defaults apply.
      if (value !== setting.initial) body[setting.key] = value;
    }
    return body;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (typeof body === "string") {
      setError(body);
      return;
    }
    void run(async () => {
      await session.ensureAccount();
      const { room } = await api.createRoom(body);
      // A private room is found by its code only, until the creator holds a seat there.
      const id = room.invite_code ?? room.id;
      go({ page: "room", id, watch: bots.length === preset.players });
    });
  };

  return (
    <section className="panel lobby-create">
      <h2>{t(T.create)}</h2>
      <form data-testid="create-form" onSubmit={submit} noValidate>
        <label className="lobby-field">
          <span>{t(T.preset)}</span>
          <select data-testid="create-preset" value={preset.name} onChange={(e) => choosePreset(e.target.value)}>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {PRESET_NAMES[p.name] ? presetName(p.name, lang) : p.title} · {t(T.players, { n: p.players })}
              </option>
            ))}
          </select>
        </label>
        {preset.options.map((option) => (
          <label className="lobby-field" key={`${preset.name}.${option.name}`}>
            <span>{optionLabel(option.name, lang)}</span>
            {option.choices ? (
              <select
                data-testid={`create-option-${option.name}`}
                value={typed(option)}
                onChange={(e) => setOptionValues({ ...optionValues, [option.name]: e.target.value })}
              >
                {option.choices.map((choice) => (
                  <option key={String(choice)} value={String(choice)}>
                    {choiceName(choice, lang)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type="number"
                data-testid={`create-option-${option.name}`}
                min={option.minimum ?? undefined}
                max={option.maximum ?? undefined}
                step={1}
                value={typed(option)}
                onChange={(e) => setOptionValues({ ...optionValues, [option.name]: e.target.value })}
              />
            )}
            <small className="lobby-help">{optionHelp(preset.name, option, lang)}</small>
          </label>
        ))}
        <p className="lobby-mode" data-testid="create-mode">
          {t(T.mode)}<b>{t(MODE_NAMES[modeOf(preset, options)])}</b>
        </p>
        <label className="lobby-field">
          <span>{t(T.roomName)}</span>
          <input data-testid="create-name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="lobby-field">
          <span>{t(T.series)}</span>
          <input data-testid="create-rounds" type="number" min={1} max={50} step={1} value={rounds} onChange={(e) => setRounds(e.target.value)} />
          <small className="lobby-help">{t(T.seriesHint)}</small>
        </label>
        <label className="lobby-check">
          <input type="checkbox" data-testid="create-private" checked={isPrivate} onChange={(e) => setIsPrivate(e.target.checked)} />
          <span>
            {t(T.private)} <small className="lobby-help">{t(T.privateHint)}</small>
          </span>
        </label>
        <fieldset className="lobby-bots">
          <legend>{t(T.bots)}</legend>
          <label className="lobby-check">
            <input type="checkbox" data-testid="create-bots-fill" checked={othersAreBots} onChange={(e) => fillBots(e.target.checked)} />
            <span>{t(T.fillBots)}</span>
          </label>
          <div className="lobby-seat-boxes">
            {seats.map((seat) => (
              <label key={seat} className="lobby-check">
                <input
                  type="checkbox"
                  data-testid={`create-bot-${seat}`}
                  checked={bots.includes(seat)}
                  onChange={(e) => toggleBot(seat, e.target.checked)}
                />
                <span>{seatLabel(seat, lang)}</span>
              </label>
            ))}
          </div>
          <small className="lobby-help">{t(bots.length === preset.players ? T.allBots : T.botsHint)}</small>
          <label className="lobby-field">
            <span>{t(T.botLevel)}</span>
            <select data-testid="create-bot-level" value={botLevel} onChange={(e) => setBotLevel(e.target.value as BotLevel)}>
              {BOT_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(BOT_LEVEL_NAMES[level])}
                </option>
              ))}
            </select>
            <small className="lobby-help">{t(T.botLevelHint)}</small>
          </label>
        </fieldset>
        <details className="lobby-advanced">
          <summary>{t(T.advanced)}</summary>
          <small className="lobby-help">{t(T.advancedHint)}</small>
          {SETTINGS.map((setting) => (
            <label className="lobby-field" key={setting.key}>
              <span>{t(setting.label)}</span>
              <input
                type="number"
                data-testid={setting.testId}
                min={setting.min}
                max={setting.max}
                step={setting.integer ? 1 : "any"}
                value={settings[setting.key]}
                onChange={(e) => setSettings({ ...settings, [setting.key]: e.target.value })}
              />
              <small className="lobby-help">
                {setting.min}–{setting.max}
                {setting.help && ` · ${t(setting.help)}`}
              </small>
            </label>
          ))}
        </details>
        <button className="btn primary big lobby-submit" data-testid="create-submit" disabled={busy}>
          {t(T.submit)}
        </button>
        {error && <p className="error">{error}</p>}
      </form>
    </section>
  );
}
