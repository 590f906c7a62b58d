"""Texts of ``zpy play`` (see :mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

PLAY_TEXT: dict[str, dict[str, str]] = {
    # Game names, seats, bots.
    "Find a Friend": {"zh-Hans": "找朋友", "zh-Hant": "找朋友"},
    "Shengji": {"zh-Hans": "升级", "zh-Hant": "升級"},
    "Qidong Find a Friend": {"zh-Hans": "启东招朋友", "zh-Hant": "啟東招朋友"},
    "You": {"zh-Hans": "你", "zh-Hant": "你"},
    "Bot {number}": {"zh-Hans": "机器人{number}", "zh-Hant": "機器人{number}"},
    "random bots": {"zh-Hans": "随机机器人", "zh-Hant": "隨機機器人"},
    "smart bots": {"zh-Hans": "智能机器人", "zh-Hant": "智能機器人"},
    "searching bots": {"zh-Hans": "搜索机器人", "zh-Hant": "搜尋機器人"},
    "easy bots": {"zh-Hans": "简单难度的机器人", "zh-Hant": "簡單難度的機器人"},
    "normal bots": {"zh-Hans": "普通难度的机器人", "zh-Hant": "普通難度的機器人"},
    "hard bots": {"zh-Hans": "困难难度的机器人", "zh-Hant": "困難難度的機器人"},
    "{title}: you are seat {seat}; the other seats are {bots}.": {
        "zh-Hans": "{title}：你坐 {seat} 号位，其他座位是{bots}。",
        "zh-Hant": "{title}：你坐 {seat} 號位，其他座位是{bots}。",
    },
    "Type ? for help, hint for a suggestion (when choosing cards, Enter does the same), "
    "quit to leave.": {
        "zh-Hans": "输入 ? 查看帮助，“提示”获得建议（选牌时直接回车也可以），“退出”离开。",
        "zh-Hant": "輸入 ? 查看說明，「提示」獲得建議（選牌時直接按 Enter 也可以），「退出」離開。",
    },
    "Goodbye!": {"zh-Hans": "再见！", "zh-Hant": "再見！"},
    # Help.
    "Type cards in either notation, separated by spaces: 10H QS BJ LJ, or ♥10 ♠Q 大王 小王.": {
        "zh-Hans": "两种写法都可以，用空格分隔：10H QS BJ LJ，或 ♥10 ♠Q 大王 小王。",
        "zh-Hant": "兩種寫法都可以，用空格分隔：10H QS BJ LJ，或 ♥10 ♠Q 大王 小王。",
    },
    "A bare rank takes the suit of the card before it: 9S 9 10 10 is ♠9 ♠9 ♠10 ♠10.": {
        "zh-Hans": "只写点数时沿用前一张牌的花色：9S 9 10 10 就是 ♠9 ♠9 ♠10 ♠10。",
        "zh-Hant": "只寫點數時沿用前一張牌的花色：9S 9 10 10 就是 ♠9 ♠9 ♠10 ♠10。",
    },
    "Chinese suit names work too: 黑桃9 红桃10 梅花J 方块A; 10 may be written T.": {
        "zh-Hans": "也可以用中文花色：黑桃9 红桃10 梅花J 方块A；10 也可以写成 T。",
        "zh-Hant": "也可以用中文花色：黑桃9 紅桃10 梅花J 方塊A；10 也可以寫成 T。",
    },
    "Or choose cards by the numbers under your hand: 3 4 7, or 3-5 for 3 4 5.": {
        "zh-Hans": "也可以用手牌下面的编号选牌：3 4 7，或 3-5 表示 3 4 5。",
        "zh-Hant": "也可以用手牌下面的編號選牌：3 4 7，或 3-5 表示 3 4 5。",
    },
    "“{range}” runs backwards: for positions {low} to {high} type {low}-{high}.": {
        "zh-Hans": "“{range}”前大后小：要选第 {low} 到第 {high} 张，请输入 {low}-{high}。",
        "zh-Hant": "「{range}」前大後小：要選第 {low} 到第 {high} 張，請輸入 {low}-{high}。",
    },
    "“{token}”: which suit? You hold {cards}": {
        "zh-Hans": "“{token}”：哪个花色？你有 {cards}",
        "zh-Hant": "「{token}」：哪個花色？你有 {cards}",
    },
    "“{token}”: which suit? Write it with the rank, as in {example}": {
        "zh-Hans": "“{token}”：哪个花色？请连花色一起写，例如 {example}",
        "zh-Hant": "「{token}」：哪個花色？請連花色一起寫，例如 {example}",
    },
    "Quit the match? This round is lost. (y/N) ": {
        "zh-Hans": "退出比赛吗？这一局不会保留。(y/N) ",
        "zh-Hant": "退出比賽嗎？這一局不會保留。(y/N) ",
    },
    "Playing on.": {"zh-Hans": "继续打。", "zh-Hant": "繼續打。"},
    "Enter on an empty line (or hint / 提示) suggests a move, and Enter again takes it; "
    "when bidding or swapping, Enter passes.": {
        "zh-Hans": "直接按回车（或输入 提示 / hint）给出建议，再按回车就照建议出；"
        "叫主和换底时回车表示不叫、不换。",
        "zh-Hant": "直接按 Enter（或輸入 提示 / hint）給出建議，再按 Enter 就照建議出；"
        "叫主和換底時 Enter 表示不叫、不換。",
    },
    "Commands: ? help · t shows the table again · count lists the cards still out (记牌器) "
    "· history lists this round's tricks · auto lets the bot play for you (托管) until you "
    "press Enter or the round ends · quit (退出) leaves the match.": {
        "zh-Hans": "命令：? 帮助 · t 重新显示牌桌 · count（记牌）列出外面还有的牌（记牌器）"
        " · history（历史）列出本局每一墩 · auto（托管）让机器人替你出牌，按回车或本局结束时收回"
        " · quit（退出）离开比赛。",
        "zh-Hant": "命令：? 說明 · t 重新顯示牌桌 · count（記牌）列出外面還有的牌（記牌器）"
        " · history（歷史）列出本局每一墩 · auto（託管）讓機器人替你出牌，按 Enter 或本局結束時收回"
        " · quit（退出）離開比賽。",
    },
    "↑ and ↓ recall earlier answers. Bot speed: zpy play --delay SECONDS, or the "
    "environment variable ZPY_PLAY_DELAY.": {
        "zh-Hans": "↑ ↓ 可以调出之前的输入。机器人出牌速度：zpy play --delay 秒数，"
        "或环境变量 ZPY_PLAY_DELAY。",
        "zh-Hant": "↑ ↓ 可以叫出之前的輸入。機器人出牌速度：zpy play --delay 秒數，"
        "或環境變數 ZPY_PLAY_DELAY。",
    },
    "That line holds control keys (an arrow key?), which cannot be read here: "
    "type the answer as text.": {
        "zh-Hans": "这一行含有控制键（方向键？），这里无法识别：请直接输入文字。",
        "zh-Hant": "這一行含有控制鍵（方向鍵？），這裡無法識別：請直接輸入文字。",
    },
    "“{token}”: a suit sign needs a rank after it, as in {example}": {
        "zh-Hans": "“{token}”：花色后面要跟点数，例如 {example}",
        "zh-Hant": "「{token}」：花色後面要跟點數，例如 {example}",
    },
    "No card at position {position}: your hand is numbered 1 to {count}.": {
        "zh-Hans": "没有第 {position} 张牌：手牌编号是 1 到 {count}。",
        "zh-Hant": "沒有第 {position} 張牌：手牌編號是 1 到 {count}。",
    },
    "Position {position} is chosen twice.": {
        "zh-Hans": "第 {position} 张选了两次。",
        "zh-Hant": "第 {position} 張選了兩次。",
    },
    # 托管, 记牌器 and the trick history.
    "Auto-play (托管): the bot plays for you. Press Enter to take your seat back.": {
        "zh-Hans": "托管：机器人替你出牌。按回车收回。",
        "zh-Hant": "託管：機器人替你出牌。按 Enter 收回。",
    },
    "Auto-play is off: your turn again.": {
        "zh-Hans": "已取消托管，轮到你自己出牌。",
        "zh-Hant": "已取消託管，輪到你自己出牌。",
    },
    "{name} (auto)": {"zh-Hans": "{name}（托管）", "zh-Hant": "{name}（託管）"},
    "Card counter: cards not in your hand and not yet played": {
        "zh-Hans": "记牌器：不在你手里、也还没出过的牌",
        "zh-Hant": "記牌器：不在你手裡、也還沒出過的牌",
    },
    "Point cards played ({points} points): {cards}": {
        "zh-Hans": "已出的分牌（{points} 分）：{cards}",
        "zh-Hant": "已出的分牌（{points} 分）：{cards}",
    },
    "Points not yet played outside your hand: {points}": {
        "zh-Hans": "你手外还没出的分：{points}",
        "zh-Hant": "你手外還沒出的分：{points}",
    },
    "In the kitty you buried, not counted above: {cards}": {
        "zh-Hans": "你扣的底牌（不计在上面）：{cards}",
        "zh-Hant": "你扣的底牌（不計在上面）：{cards}",
    },
    "No trick has been finished yet this round.": {
        "zh-Hans": "本局还没有打完一墩。",
        "zh-Hant": "本局還沒有打完一墩。",
    },
    "Tricks of round {round}": {"zh-Hans": "第 {round} 局各墩", "zh-Hant": "第 {round} 局各墩"},
    "led by": {"zh-Hans": "首出", "zh-Hant": "首出"},
    "plays": {"zh-Hans": "出牌", "zh-Hant": "出牌"},
    "won by": {"zh-Hans": "赢家", "zh-Hant": "贏家"},
    # The table.
    "{title} · round {round} · you are seat {seat}": {
        "zh-Hans": "{title} · 第 {round} 局 · 你在 {seat} 号位",
        "zh-Hant": "{title} · 第 {round} 局 · 你在 {seat} 號位",
    },
    "Banker: {banker} · level rank: {rank} · {trump} · bids: {bids}": {
        "zh-Hans": "庄家 {banker} · 级牌 {rank} · {trump} · 叫主 {bids} 次",
        "zh-Hant": "莊家 {banker} · 級牌 {rank} · {trump} · 叫主 {bids} 次",
    },
    "to be decided": {"zh-Hans": "待定", "zh-Hant": "待定"},
    "trump: {suit}": {"zh-Hans": "主 {suit}", "zh-Hant": "主 {suit}"},
    "trump: not yet known": {"zh-Hans": "主 未定", "zh-Hant": "主 未定"},
    "no trump": {"zh-Hans": "无主", "zh-Hant": "無主"},
    "Levels: {levels}": {"zh-Hans": "级别：{levels}", "zh-Hant": "級別：{levels}"},
    "Banker's partner: {name}": {"zh-Hans": "庄家搭档：{name}", "zh-Hant": "莊家搭檔：{name}"},
    "The banker plays alone": {"zh-Hans": "庄家独打", "zh-Hant": "莊家獨打"},
    "Friend card {card}: the friend is {name}": {
        "zh-Hans": "朋友牌 {card}：朋友是 {name}",
        "zh-Hant": "朋友牌 {card}：朋友是 {name}",
    },
    "Friend card {card}: no other hand holds it, you play alone": {
        "zh-Hans": "朋友牌 {card}：其他人手里都没有，你一个人打",
        "zh-Hant": "朋友牌 {card}：其他人手裡都沒有，你一個人打",
    },
    "Friend card {card}: the friend is not known yet": {
        "zh-Hans": "朋友牌 {card}：朋友尚未现身",
        "zh-Hant": "朋友牌 {card}：朋友尚未現身",
    },
    "(you hold {count}× {card})": {
        "zh-Hans": "（你有 {count} 张 {card}）",
        "zh-Hant": "（你有 {count} 張 {card}）",
    },
    "Trick {number}": {"zh-Hans": "第 {number} 墩", "zh-Hant": "第 {number} 墩"},
    "attackers' points {points}": {
        "zh-Hans": "闲家得分 {points}",
        "zh-Hant": "閒家得分 {points}",
    },
    "attackers' points {points} ({change} takes the bank, {up} goes up)": {
        "zh-Hans": "闲家得分 {points}（{change} 分下庄，{up} 分闲家升级）",
        "zh-Hant": "閒家得分 {points}（{change} 分下莊，{up} 分閒家升級）",
    },
    "You buried {cards}; the declarer swapped {count} of them for cards "
    "of the same rank, so the kitty is not these cards": {
        "zh-Hans": "你扣了 {cards}；亮主者用同点数的牌换走了其中 {count} 张，底牌已不是这些牌",
        "zh-Hant": "你扣了 {cards}；亮主者用同點數的牌換走了其中 {count} 張，底牌已不是這些牌",
    },
    "{name} swapped 1 card with the kitty (R-8.4)": {
        "zh-Hans": "{name} 与底牌换了 1 张牌（R-8.4）",
        "zh-Hant": "{name} 與底牌換了 1 張牌（R-8.4）",
    },
    "{name} swapped {count} cards with the kitty (R-8.4)": {
        "zh-Hans": "{name} 与底牌换了 {count} 张牌（R-8.4）",
        "zh-Hant": "{name} 與底牌換了 {count} 張牌（R-8.4）",
    },
    "You buried: {cards} ({points} points)": {
        "zh-Hans": "你扣的底牌：{cards}（{points} 分）",
        "zh-Hant": "你扣的底牌：{cards}（{points} 分）",
    },
    "seat": {"zh-Hans": "座位", "zh-Hant": "座位"},
    "player": {"zh-Hans": "玩家", "zh-Hant": "玩家"},
    "level": {"zh-Hans": "级", "zh-Hant": "級"},
    "role": {"zh-Hans": "身份", "zh-Hant": "身份"},
    "points": {"zh-Hans": "得分", "zh-Hant": "得分"},
    "cards": {"zh-Hans": "手牌", "zh-Hant": "手牌"},
    "this trick": {"zh-Hans": "本墩", "zh-Hant": "本墩"},
    "(led)": {"zh-Hans": "（首出）", "zh-Hant": "（首出）"},
    "banker": {"zh-Hans": "庄家", "zh-Hant": "莊家"},
    "friend": {"zh-Hans": "朋友", "zh-Hant": "朋友"},
    "partner": {"zh-Hans": "庄家方", "zh-Hant": "莊家方"},
    "attacker": {"zh-Hans": "闲家", "zh-Hant": "閒家"},
    "Last trick:": {"zh-Hans": "上一墩：", "zh-Hant": "上一墩："},
    "→ {winner} +{points}": {"zh-Hans": "→ {winner} +{points}", "zh-Hant": "→ {winner} +{points}"},
    "{name} led {count} {suit}: {shapes}": {
        "zh-Hans": "{name} 首出 {count} 张{suit}：{shapes}",
        "zh-Hant": "{name} 首出 {count} 張{suit}：{shapes}",
    },
    "single": {"zh-Hans": "单张", "zh-Hant": "單張"},
    "pair": {"zh-Hans": "对子", "zh-Hant": "對子"},
    "triple": {"zh-Hans": "三张", "zh-Hant": "三張"},
    "tractor of {length} pairs": {
        "zh-Hans": "拖拉机（{length} 对）",
        "zh-Hant": "拖拉機（{length} 對）",
    },
    "Titanic of {length}": {
        "zh-Hans": "泰坦尼克（{length} 连）",
        "zh-Hant": "泰坦尼克（{length} 連）",
    },
    "rain": {"zh-Hans": "下雨", "zh-Hant": "下雨"},
    "snow": {"zh-Hans": "飘雪花", "zh-Hant": "飄雪花"},
    "thunder": {"zh-Hans": "打雷", "zh-Hant": "打雷"},
    "lightning": {"zh-Hans": "闪电", "zh-Hant": "閃電"},
    "{unit} of {count} cards": {
        "zh-Hans": "{unit}（{count} 张）",
        "zh-Hant": "{unit}（{count} 張）",
    },
    "Your hand ({count})": {
        "zh-Hans": "你的手牌（{count} 张）",
        "zh-Hant": "你的手牌（{count} 張）",
    },
    "trump": {"zh-Hans": "主", "zh-Hant": "主"},
    "jokers": {"zh-Hans": "王", "zh-Hant": "王"},
    "{message} (rule {rule})": {
        "zh-Hans": "{message}（规则 {rule}）",
        "zh-Hant": "{message}（規則 {rule}）",
    },
    "cannot read “{token}”: {reason}": {
        "zh-Hans": "无法识别“{token}”：{reason}",
        "zh-Hant": "無法識別「{token}」：{reason}",
    },
    # Bidding.
    "Round {round}: dealing": {"zh-Hans": "第 {round} 局：发牌", "zh-Hant": "第 {round} 局：發牌"},
    "All cards are dealt.": {"zh-Hans": "发牌完毕。", "zh-Hant": "發牌完畢。"},
    "Standing bid: {name} {cards}": {
        "zh-Hans": "当前叫主：{name} {cards}",
        "zh-Hant": "當前叫主：{name} {cards}",
    },
    "Nobody has bid yet.": {"zh-Hans": "还没有人叫主。", "zh-Hant": "還沒有人叫主。"},
    "Cards dealt: {dealt} of {total}": {
        "zh-Hans": "已发 {dealt}/{total} 张",
        "zh-Hant": "已發 {dealt}/{total} 張",
    },
    "  {number}) {cards}": {"zh-Hans": "  {number}) {cards}", "zh-Hant": "  {number}) {cards}"},
    "Bid? Number or cards, Enter to pass: ": {
        "zh-Hans": "叫主？输入编号或牌，回车不叫：",
        "zh-Hant": "叫主？輸入編號或牌，Enter 不叫：",
    },
    "Bid? Number or cards, Enter for no bid now: ": {
        "zh-Hans": "叫主？输入编号或牌，回车暂不叫：",
        "zh-Hant": "叫主？輸入編號或牌，Enter 暫不叫：",
    },
    "Choose a number from 1 to {count}.": {
        "zh-Hans": "请选择 1 到 {count} 的编号。",
        "zh-Hant": "請選擇 1 到 {count} 的編號。",
    },
    "Suggestion: bid {cards} (type {typed})": {
        "zh-Hans": "建议叫主：{cards}（输入 {typed}）",
        "zh-Hant": "建議叫主：{cards}（輸入 {typed}）",
    },
    "Suggestion: no bid": {"zh-Hans": "建议不叫", "zh-Hant": "建議不叫"},
    "{name} bid {cards}": {"zh-Hans": "{name} 亮主 {cards}", "zh-Hant": "{name} 亮主 {cards}"},
    "{name} overcalled with {cards}": {
        "zh-Hans": "{name} 反主 {cards}",
        "zh-Hant": "{name} 反主 {cards}",
    },
    "{name} reinforced the bid with {cards}": {
        "zh-Hans": "{name} 加固 {cards}",
        "zh-Hant": "{name} 加固 {cards}",
    },
    "Nobody bid: the cards are dealt again ({rule}).": {
        "zh-Hans": "无人叫主，重新发牌（{rule}）。",
        "zh-Hant": "無人叫主，重新發牌（{rule}）。",
    },
    "Nobody bid: the kitty is turned over: {cards} ({rule})": {
        "zh-Hans": "无人叫主，翻底牌定主：{cards}（{rule}）",
        "zh-Hant": "無人叫主，翻底牌定主：{cards}（{rule}）",
    },
    "Banker: {name} · level rank: {rank} · {trump}": {
        "zh-Hans": "庄家 {name} · 级牌 {rank} · {trump}",
        "zh-Hant": "莊家 {name} · 級牌 {rank} · {trump}",
    },
    # The kitty.
    "You took the kitty: {cards}": {
        "zh-Hans": "你拿到底牌：{cards}",
        "zh-Hant": "你拿到底牌：{cards}",
    },
    "{name} took the kitty (1 card)": {
        "zh-Hans": "{name} 拿底牌（1 张）",
        "zh-Hant": "{name} 拿底牌（1 張）",
    },
    "{name} took the kitty ({count} cards)": {
        "zh-Hans": "{name} 拿底牌（{count} 张）",
        "zh-Hant": "{name} 拿底牌（{count} 張）",
    },
    "The kitty you took is underlined: {cards}": {
        "zh-Hans": "加下划线的是你拿到的底牌：{cards}",
        "zh-Hant": "加底線的是你拿到的底牌：{cards}",
    },
    "Bury 1 card: ": {"zh-Hans": "扣底，输入 1 张牌：", "zh-Hant": "扣底，輸入 1 張牌："},
    "Bury {size} cards: ": {
        "zh-Hans": "扣底，输入 {size} 张牌：",
        "zh-Hant": "扣底，輸入 {size} 張牌：",
    },
    "You buried {cards} ({points} points)": {
        "zh-Hans": "你扣底：{cards}（{points} 分）",
        "zh-Hant": "你扣底：{cards}（{points} 分）",
    },
    "{name} buried 1 card": {"zh-Hans": "{name} 扣底 1 张", "zh-Hant": "{name} 扣底 1 張"},
    "{name} buried {count} cards": {
        "zh-Hans": "{name} 扣底 {count} 张",
        "zh-Hant": "{name} 扣底 {count} 張",
    },
    # The friend.
    "Name the friend's card, or type solo to play alone.": {
        "zh-Hans": "请叫朋友牌，或输入“独打”一个人打。",
        "zh-Hant": "請叫朋友牌，或輸入「獨打」一個人打。",
    },
    "Name the friend's card: the first player after you who holds it is your friend ({rule}).": {
        "zh-Hans": "请叫一张朋友牌：你之后第一个有这张牌的玩家就是你的朋友（{rule}）。",
        "zh-Hant": "請叫一張朋友牌：你之後第一個有這張牌的玩家就是你的朋友（{rule}）。",
    },
    "Friend card: ": {"zh-Hans": "朋友牌：", "zh-Hant": "朋友牌："},
    "Cards you may call (held once, the twin not buried, {rule}): {cards}": {
        "zh-Hans": "可以叫的牌（手里只有一张、另一张没有扣在底牌里，{rule}）：{cards}",
        "zh-Hant": "可以叫的牌（手裡只有一張、另一張沒有扣在底牌裡，{rule}）：{cards}",
    },
    "No card of yours may be called: type solo ({rule}).": {
        "zh-Hans": "你没有可以叫的牌：请输入“独打”（{rule}）。",
        "zh-Hant": "你沒有可以叫的牌：請輸入「獨打」（{rule}）。",
    },
    "you do not hold {card}: the friend card must be one you hold": {
        "zh-Hans": "你没有 {card}：朋友牌必须是你手里的牌",
        "zh-Hant": "你沒有 {card}：朋友牌必須是你手裡的牌",
    },
    "you hold {count}× {card}: call a card you hold only once": {
        "zh-Hans": "你有 {count} 张 {card}：只能叫手里只有一张的牌",
        "zh-Hant": "你有 {count} 張 {card}：只能叫手裡只有一張的牌",
    },
    "the other {card} is in the kitty you buried: nobody could answer the call": {
        "zh-Hans": "另一张 {card} 扣在底牌里：没有人能当朋友",
        "zh-Hant": "另一張 {card} 扣在底牌裡：沒有人能當朋友",
    },
    "Name exactly one card.": {"zh-Hans": "只能叫一张牌。", "zh-Hant": "只能叫一張牌。"},
    "No other hand holds {card}: you would play alone.": {
        "zh-Hans": "其他人手里都没有 {card}：你将一个人打。",
        "zh-Hant": "其他人手裡都沒有 {card}：你將一個人打。",
    },
    "Call it anyway? (y/n) ": {
        "zh-Hans": "仍然叫这张吗？(y/n) ",
        "zh-Hant": "仍然叫這張嗎？(y/n) ",
    },
    "Suggestion: play alone (Enter, or type solo)": {
        "zh-Hans": "建议独打（回车，或输入“独打”）",
        "zh-Hant": "建議獨打（按 Enter，或輸入「獨打」）",
    },
    "Suggestion: call {cards} (Enter, or type {typed})": {
        "zh-Hans": "建议叫：{cards}（回车，或输入 {typed}）",
        "zh-Hant": "建議叫：{cards}（按 Enter，或輸入 {typed}）",
    },
    "{name} called {card} as the friend card ({rule})": {
        "zh-Hans": "{name} 叫朋友牌 {card}（{rule}）",
        "zh-Hant": "{name} 叫朋友牌 {card}（{rule}）",
    },
    "{name} chose to play alone (solo)": {
        "zh-Hans": "{name} 选择独打",
        "zh-Hant": "{name} 選擇獨打",
    },
    "You hold {count}× {card}.": {
        "zh-Hans": "你有 {count} 张 {card}。",
        "zh-Hant": "你有 {count} 張 {card}。",
    },
    "{name} turned out to be the friend!": {
        "zh-Hans": "{name} 是朋友！",
        "zh-Hant": "{name} 是朋友！",
    },
    # Tricks.
    "Your lead: ": {"zh-Hans": "你首出：", "zh-Hant": "你首出："},
    "Play 1 card: ": {"zh-Hans": "出 1 张牌：", "zh-Hant": "出 1 張牌："},
    "Play {count} cards: ": {"zh-Hans": "出 {count} 张牌：", "zh-Hant": "出 {count} 張牌："},
    "Legal plays:": {"zh-Hans": "可以这样出：", "zh-Hant": "可以這樣出："},
    "Cards you can play: {cards}": {
        "zh-Hans": "可以出的牌：{cards}",
        "zh-Hant": "可以出的牌：{cards}",
    },
    "Type the cards to play (? for help).": {
        "zh-Hans": "请输入要出的牌（? 查看帮助）。",
        "zh-Hant": "請輸入要出的牌（? 查看說明）。",
    },
    "Suggestion: play {cards} (Enter, or type {typed})": {
        "zh-Hans": "建议出：{cards}（回车，或输入 {typed}）",
        "zh-Hant": "建議出：{cards}（按 Enter，或輸入 {typed}）",
    },
    "Your only legal play: {cards} (Enter, or type {typed})": {
        "zh-Hans": "只能这样出：{cards}（回车，或输入 {typed}）",
        "zh-Hant": "只能這樣出：{cards}（按 Enter，或輸入 {typed}）",
    },
    "Suggestion: bury {cards} (Enter, or type {typed})": {
        "zh-Hans": "建议扣：{cards}（回车，或输入 {typed}）",
        "zh-Hant": "建議扣：{cards}（按 Enter，或輸入 {typed}）",
    },
    "Suggestion: give back {cards} (Enter, or type {typed})": {
        "zh-Hans": "建议还：{cards}（回车，或输入 {typed}）",
        "zh-Hant": "建議還：{cards}（按 Enter，或輸入 {typed}）",
    },
    "{name} led {cards}": {"zh-Hans": "{name} 首出 {cards}", "zh-Hant": "{name} 首出 {cards}"},
    "{name} played {cards}": {"zh-Hans": "{name} 跟 {cards}", "zh-Hant": "{name} 跟 {cards}"},
    "trumped": {"zh-Hans": "毙", "zh-Hant": "斃"},
    "discarded": {"zh-Hans": "垫", "zh-Hant": "墊"},
    "Throw by {name} failed ({rule}): tried {attempted}, must play {forced}": {
        "zh-Hans": "{name} 甩牌失败（{rule}）：想甩 {attempted}，只能出 {forced}",
        "zh-Hant": "{name} 甩牌失敗（{rule}）：想甩 {attempted}，只能出 {forced}",
    },
    "{name} held {cards}, which beats {forced} (R-4.3)": {
        "zh-Hans": "{name} 有 {cards}，大过 {forced}（R-4.3）",
        "zh-Hant": "{name} 有 {cards}，大過 {forced}（R-4.3）",
    },
    "Penalty for {name}: −{count} round score": {
        "zh-Hans": "{name} 罚 {count} 积分",
        "zh-Hant": "{name} 罰 {count} 積分",
    },
    "Penalty for {name}: {points} points to the other side": {
        "zh-Hans": "{name} 被罚 {points} 分，计入对方",
        "zh-Hant": "{name} 被罰 {points} 分，計入對方",
    },
    "{name} won trick {number} (+{points})": {
        "zh-Hans": "{name} 赢得第 {number} 墩（+{points} 分）",
        "zh-Hant": "{name} 贏得第 {number} 墩（+{points} 分）",
    },
    "{name} won trick {number}": {
        "zh-Hans": "{name} 赢得第 {number} 墩",
        "zh-Hant": "{name} 贏得第 {number} 墩",
    },
    # The end of a round and of the match.
    "The attackers won the last trick: kitty {points} × {multiplier} = {bonus} (R-7.2)": {
        "zh-Hans": "闲家抠底！底分 {points} × {multiplier} = {bonus}（R-7.2）",
        "zh-Hant": "閒家摳底！底分 {points} × {multiplier} = {bonus}（R-7.2）",
    },
    "The attackers won the last trick, but the kitty holds no points (R-7.2)": {
        "zh-Hans": "闲家抠底，但底牌没有分（R-7.2）",
        "zh-Hant": "閒家摳底，但底牌沒有分（R-7.2）",
    },
    "Round {round} is over": {"zh-Hans": "第 {round} 局结束", "zh-Hant": "第 {round} 局結束"},
    "Attackers' points {x}": {"zh-Hans": "闲家得分 {x}", "zh-Hant": "閒家得分 {x}"},
    "Kitty: {cards} ({points} points)": {
        "zh-Hans": "底牌：{cards}（{points} 分）",
        "zh-Hant": "底牌：{cards}（{points} 分）",
    },
    "The banker's side goes up {k}": {
        "zh-Hans": "庄家方升 {k} 级",
        "zh-Hant": "莊家方升 {k} 級",
    },
    "The attackers go up {k}": {"zh-Hans": "闲家升 {k} 级", "zh-Hant": "閒家升 {k} 級"},
    "The banker's side wins (k = {k})": {
        "zh-Hans": "庄家方胜（k = {k}）",
        "zh-Hant": "莊家方勝（k = {k}）",
    },
    "The attackers win (k = {k})": {"zh-Hans": "闲家胜（k = {k}）", "zh-Hant": "閒家勝（k = {k}）"},
    "Failed throws: {points:+d} (R-4.4)": {
        "zh-Hans": "甩牌失败罚分：{points:+d}（R-4.4）",
        "zh-Hant": "甩牌失敗罰分：{points:+d}（R-4.4）",
    },
    "The bank changes hands; no one goes up": {
        "zh-Hans": "下庄，双方都不升级",
        "zh-Hant": "下莊，雙方都不升級",
    },
    "Next banker: {name}": {"zh-Hans": "下一局庄家：{name}", "zh-Hant": "下一局莊家：{name}"},
    "penalty": {"zh-Hans": "罚分", "zh-Hant": "罰分"},
    "round score": {"zh-Hans": "本局积分", "zh-Hant": "本局積分"},
    "total": {"zh-Hans": "总积分", "zh-Hant": "總積分"},
    "Press Enter to deal round {round} (quit to leave): ": {
        "zh-Hans": "按回车开始第 {round} 局（输入“退出”离开）：",
        "zh-Hant": "按 Enter 開始第 {round} 局（輸入「退出」離開）：",
    },
    "Standings after 1 round": {"zh-Hans": "1 局后排名", "zh-Hant": "1 局後排名"},
    "Standings after {rounds} rounds": {
        "zh-Hans": "{rounds} 局后排名",
        "zh-Hant": "{rounds} 局後排名",
    },
    "Match over. Best total: {names}": {
        "zh-Hans": "比赛结束。积分最高：{names}",
        "zh-Hant": "比賽結束。積分最高：{names}",
    },
    # 山东升级 and round results.
    "declare (亮)": {"zh-Hans": "亮牌", "zh-Hant": "亮牌"},
    "override (顶)": {"zh-Hans": "顶牌", "zh-Hant": "頂牌"},
    "stick (粘)": {"zh-Hans": "粘牌", "zh-Hant": "粘牌"},
    "add a joker": {"zh-Hans": "加王", "zh-Hant": "加王"},
    "{name}: {kind} {cards}": {
        "zh-Hans": "{name} {kind}：{cards}",
        "zh-Hant": "{name} {kind}：{cards}",
    },
    "Face down: {cards}": {"zh-Hans": "暗亮：{cards}", "zh-Hant": "暗亮：{cards}"},
    "{name} took the declared cards of {other}: {cards}": {
        "zh-Hans": "{name} 拿走 {other} 亮出的牌：{cards}",
        "zh-Hant": "{name} 拿走 {other} 亮出的牌：{cards}",
    },
    "{name} took the declared cards of {other}": {
        "zh-Hans": "{name} 拿走 {other} 亮出的牌",
        "zh-Hant": "{name} 拿走 {other} 亮出的牌",
    },
    "{name} gave back to {other}: {cards}": {
        "zh-Hans": "{name} 还给 {other}：{cards}",
        "zh-Hant": "{name} 還給 {other}：{cards}",
    },
    "{name} gave cards back to {other}": {
        "zh-Hans": "{name} 还牌给 {other}",
        "zh-Hant": "{name} 還牌給 {other}",
    },
    "Give back {count} cards, at least one 常主 (a joker, 2, 3 or 5) (R-8.4).": {
        "zh-Hans": "须还 {count} 张牌，至少一张常主（王、2、3 或 5）（R-8.4）。",
        "zh-Hant": "須還 {count} 張牌，至少一張常主（王、2、3 或 5）（R-8.4）。",
    },
    "Give back 1 card: ": {"zh-Hans": "还 1 张牌：", "zh-Hant": "還 1 張牌："},
    "Give back {count} cards: ": {"zh-Hans": "还 {count} 张牌：", "zh-Hant": "還 {count} 張牌："},
    "Trumps in the kitty: {cards}; each may be swapped for a same-rank card (R-8.4).": {
        "zh-Hans": "底牌中的主：{cards}。可以用手里其他花色同点数的牌一换一（R-8.4）。",
        "zh-Hant": "底牌中的主：{cards}。可以用手裡其他花色同點數的牌一換一（R-8.4）。",
    },
    "  {number}) {swaps}": {"zh-Hans": "  {number}) {swaps}", "zh-Hant": "  {number}) {swaps}"},
    "Swap? Number, Enter for no swap: ": {
        "zh-Hans": "换底？输入编号，回车不换：",
        "zh-Hant": "換底？輸入編號，Enter 不換：",
    },
    "Suggestion: option {number}": {"zh-Hans": "建议选 {number}", "zh-Hant": "建議選 {number}"},
    "Suggestion: no swap": {"zh-Hans": "建议不换", "zh-Hant": "建議不換"},
    "You swapped with the kitty: {swaps}": {
        "zh-Hans": "你换底：{swaps}",
        "zh-Hant": "你換底：{swaps}",
    },
    "{name} is done with the kitty": {"zh-Hans": "{name} 换底完毕", "zh-Hant": "{name} 換底完畢"},
    "{name} showed {cards}: {trump}": {
        "zh-Hans": "{name} 亮出 {cards}：{trump}",
        "zh-Hant": "{name} 亮出 {cards}：{trump}",
    },
    "{name} announced {trump}": {
        "zh-Hans": "{name} 宣布：{trump}",
        "zh-Hant": "{name} 宣布：{trump}",
    },
    "attackers' points {points} ({up} takes the bank and goes up)": {
        "zh-Hans": "闲家得分 {points}（{up} 分上台）",
        "zh-Hant": "閒家得分 {points}（{up} 分上台）",
    },
    "Attackers' points {x} (tricks {tricks})": {
        "zh-Hans": "闲家得分 {x}（牌分 {tricks}）",
        "zh-Hant": "閒家得分 {x}（牌分 {tricks}）",
    },
    "Kitty to the attackers: {kitty} × {multiplier} = +{bonus} (R-7.2)": {
        "zh-Hans": "闲家抠底：{kitty} × {multiplier} = +{bonus}（R-7.2）",
        "zh-Hant": "閒家摳底：{kitty} × {multiplier} = +{bonus}（R-7.2）",
    },
    "Kitty kept by the banker's side: {bonus} (R-7.3)": {
        "zh-Hans": "庄家方保底：{bonus}（R-7.3）",
        "zh-Hant": "莊家方保底：{bonus}（R-7.3）",
    },
}
