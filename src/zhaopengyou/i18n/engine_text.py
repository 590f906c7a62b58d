"""Engine error templates in Chinese (see :mod:`zhaopengyou.i18n.catalog`).

The msgid is the template exactly as the engine raises it, placeholders included;
``tests/i18n/test_catalog.py`` fails when an engine template has no entry here.
"""

from __future__ import annotations

ENGINE_TEXT: dict[str, dict[str, str]] = {
    # Bidding.
    "a bid is one or more copies of one level card, or two or more of one joker": {
        "zh-Hans": "叫主须亮出一张或多张同样的级牌，或两张以上同样的王",
        "zh-Hant": "叫主須亮出一張或多張同樣的級牌，或兩張以上同樣的王",
    },
    "you do not hold the cards you bid": {
        "zh-Hans": "你手里没有所叫的牌",
        "zh-Hant": "你手裡沒有所叫的牌",
    },
    "a new bid needs more cards than the standing one (at equal count jokers "
    "beat level cards and a big joker beats a small joker)": {
        "zh-Hans": "反主须比当前叫主的张数多（张数相同时王大于级牌，大王大于小王）",
        "zh-Hant": "反主須比當前叫主的張數多（張數相同時王大於級牌，大王大於小王）",
    },
    "you may reinforce your own bid but not overcall it with another suit": {
        "zh-Hans": "你可以加固自己叫的主，但不能改叫别的花色",
        "zh-Hant": "你可以加固自己叫的主，但不能改叫別的花色",
    },
    "a bid is a single 2, a pair of 2s or a pair of jokers": {
        "zh-Hans": "亮主须是一张 2、一对 2 或一对王",
        "zh-Hant": "亮主須是一張 2、一對 2 或一對王",
    },
    "a new bid must be higher: single 2 < pairs of ♦2 ♣2 ♥2 ♠2 < small jokers "
    "< big jokers (a later single 2 cannot overcall the first)": {
        "zh-Hans": "反主必须更大：单张 2 < 一对 ♦2 ♣2 ♥2 ♠2 < 一对小王 < 一对大王"
        "（后亮的单张 2 反不了先亮的）",
        "zh-Hant": "反主必須更大：單張 2 < 一對 ♦2 ♣2 ♥2 ♠2 < 一對小王 < 一對大王"
        "（後亮的單張 2 反不了先亮的）",
    },
    "nobody may overcall their own bid": {"zh-Hans": "不能反自己的主", "zh-Hant": "不能反自己的主"},
    # Declaring in 山东升级 (亮/顶/粘, R-8.4).
    "you do not hold the cards you declare": {
        "zh-Hans": "你手里没有所亮的牌",
        "zh-Hant": "你手裡沒有所亮的牌",
    },
    "a declaration stands: 顶 or 粘 it instead": {
        "zh-Hans": "已经有人亮牌了：只能顶或粘",
        "zh-Hant": "已經有人亮牌了：只能頂或粘",
    },
    "亮 is one joker and a pair of one suit": {
        "zh-Hans": "亮牌是一张王加一对同花色的牌",
        "zh-Hant": "亮牌是一張王加一對同花色的牌",
    },
    "nothing is declared yet: 亮 first": {
        "zh-Hans": "还没有人亮牌：请先亮",
        "zh-Hant": "還沒有人亮牌：請先亮",
    },
    "a declaration that was 粘'd cannot be 顶'd or 粘'd again": {
        "zh-Hans": "被粘过的亮牌不能再顶或粘",
        "zh-Hant": "被粘過的亮牌不能再頂或粘",
    },
    "a 顶 cannot be 顶'd; only 粘'd": {
        "zh-Hans": "顶不能再被顶，只能被粘",
        "zh-Hant": "頂不能再被頂，只能被粘",
    },
    "you cannot 顶 your own declaration": {
        "zh-Hans": "不能顶自己的亮牌",
        "zh-Hant": "不能頂自己的亮牌",
    },
    "顶 is a pair of one joker and a pair of one suit": {
        "zh-Hans": "顶是一对相同的王加一对同花色的牌",
        "zh-Hant": "頂是一對相同的王加一對同花色的牌",
    },
    "only the other side may 粘": {"zh-Hans": "只有对方才能粘", "zh-Hant": "只有對方才能粘"},
    "粘亮 is one joker and a 刮风; 粘顶 is a pair of one joker and a 刮风": {
        "zh-Hans": "粘亮是一张王加一个刮风；粘顶是一对相同的王加一个刮风",
        "zh-Hant": "粘亮是一張王加一個颳風；粘頂是一對相同的王加一個颳風",
    },
    "粘 needs a 刮风: consecutive pairs of one suit": {
        "zh-Hans": "粘需要刮风：同花色的连对",
        "zh-Hant": "粘需要颳風：同花色的連對",
    },
    "unknown declaration {kind!r}": {
        "zh-Hans": "未知的亮牌方式 {kind!r}",
        "zh-Hant": "未知的亮牌方式 {kind!r}",
    },
    "with 等死 nothing may be added to a declaration": {
        "zh-Hans": "等死规则下，亮牌后不能再加",
        "zh-Hant": "等死規則下，亮牌後不能再加",
    },
    "jokers are added during the deal": {
        "zh-Hans": "只能在发牌时加王",
        "zh-Hant": "只能在發牌時加王",
    },
    "only the declarer adds to a standing declaration": {
        "zh-Hans": "只有亮牌的人才能加王",
        "zh-Hant": "只有亮牌的人才能加王",
    },
    "add one joker identical to one already shown": {
        "zh-Hans": "只能加一张与已亮出的王相同的王",
        "zh-Hant": "只能加一張與已亮出的王相同的王",
    },
    "you do not hold another copy of that joker": {
        "zh-Hans": "你没有另一张同样的王",
        "zh-Hant": "你沒有另一張同樣的王",
    },
    "bidding is over": {"zh-Hans": "叫主已经结束", "zh-Hant": "叫主已經結束"},
    "seat {seat} is polled now": {
        "zh-Hans": "现在轮到 {seat} 号座位表态",
        "zh-Hant": "現在輪到 {seat} 號座位表態",
    },
    "passing is only for the closing bid window": {
        "zh-Hans": "只有发牌结束后的叫主环节才能选择不叫",
        "zh-Hant": "只有發牌結束後的叫主環節才能選擇不叫",
    },
    "all cards are dealt": {"zh-Hans": "牌已经发完", "zh-Hant": "牌已經發完"},
    # The kitty.
    "not the time to bury": {"zh-Hans": "现在不是扣底的时候", "zh-Hant": "現在不是扣底的時候"},
    "seat {seat} buries the kitty": {
        "zh-Hans": "由 {seat} 号座位扣底",
        "zh-Hant": "由 {seat} 號座位扣底",
    },
    "bury exactly {size} cards (got {got})": {
        "zh-Hans": "须扣 {size} 张牌（你给了 {got} 张）",
        "zh-Hant": "須扣 {size} 張牌（你給了 {got} 張）",
    },
    # The friend.
    "not the time to call a friend": {
        "zh-Hans": "现在不是叫朋友的时候",
        "zh-Hant": "現在不是叫朋友的時候",
    },
    "only the banker calls the friend": {
        "zh-Hans": "只有庄家可以叫朋友",
        "zh-Hant": "只有莊家可以叫朋友",
    },
    "name one card; this game has no solo call": {
        "zh-Hans": "请叫一张牌；这个玩法不能独打",
        "zh-Hant": "請叫一張牌；這個玩法不能獨打",
    },
    "call a card or go solo, not both": {
        "zh-Hans": "叫一张牌或者独打，只能选一样",
        "zh-Hant": "叫一張牌或者獨打，只能選一樣",
    },
    "call a card you hold exactly once whose twin is not buried": {
        "zh-Hans": "须叫一张你手里只有一张、另一张又不在底牌里的牌",
        "zh-Hant": "須叫一張你手裡只有一張、另一張又不在底牌裡的牌",
    },
    "you hold no single whose twin is out: you must go solo (独打)": {
        "zh-Hans": "你没有可叫的单张（另一张须在别人手里）：只能独打",
        "zh-Hant": "你沒有可叫的單張（另一張須在別人手裡）：只能獨打",
    },
    "solo must be true or false": {
        "zh-Hans": "solo 必须是 true 或 false",
        "zh-Hant": "solo 必須是 true 或 false",
    },
    # Giving back after a 粘 and swapping with the kitty (山东升级, R-8.4).
    "nothing is to be given back": {"zh-Hans": "现在没有要还的牌", "zh-Hant": "現在沒有要還的牌"},
    "seat {seat} must give cards back first": {
        "zh-Hans": "须先由 {seat} 号座位还牌",
        "zh-Hant": "須先由 {seat} 號座位還牌",
    },
    "give back exactly {count} cards (got {got})": {
        "zh-Hans": "须还 {count} 张牌（你给了 {got} 张）",
        "zh-Hant": "須還 {count} 張牌（你給了 {got} 張）",
    },
    "give back at least one 常主: a joker, 2, 3 or 5": {
        "zh-Hans": "还的牌中至少要有一张常主：王、2、3 或 5",
        "zh-Hant": "還的牌中至少要有一張常主：王、2、3 或 5",
    },
    "this game has no kitty swaps": {
        "zh-Hans": "这个玩法没有换底",
        "zh-Hant": "這個玩法沒有換底",
    },
    "cards are read once the trump suit is known": {
        "zh-Hans": "主牌花色公布之后才能判断牌型",
        "zh-Hant": "主牌花色公佈之後才能判斷牌型",
    },
    "not the time to swap with the kitty": {
        "zh-Hans": "现在不是换底的时候",
        "zh-Hant": "現在不是換底的時候",
    },
    "only the declarer swaps with the kitty": {
        "zh-Hans": "只有亮牌的人可以换底",
        "zh-Hant": "只有亮牌的人可以換底",
    },
    "swap only trumps that are in the kitty": {
        "zh-Hans": "只能换底牌中的主",
        "zh-Hant": "只能換底牌中的主",
    },
    "swap a kitty trump for a card of the same rank in another suit": {
        "zh-Hans": "须用其他花色同点数的牌换底牌中的主",
        "zh-Hant": "須用其他花色同點數的牌換底牌中的主",
    },
    "swaps must be a list of (hand card, kitty card) pairs": {
        "zh-Hans": "swaps 必须是（手牌，底牌）对的列表",
        "zh-Hant": "swaps 必須是（手牌，底牌）對的列表",
    },
    "each swap is (hand card, kitty card)": {
        "zh-Hans": "每次交换是（手牌，底牌）",
        "zh-Hant": "每次交換是（手牌，底牌）",
    },
    # Playing.
    "not the time to play cards": {
        "zh-Hans": "现在不是出牌的时候",
        "zh-Hant": "現在不是出牌的時候",
    },
    "seat {seat} is to play": {
        "zh-Hans": "轮到 {seat} 号座位出牌",
        "zh-Hant": "輪到 {seat} 號座位出牌",
    },
    "it is not your turn to play": {"zh-Hans": "还没轮到你出牌", "zh-Hant": "還沒輪到你出牌"},
    "you do not hold those cards": {"zh-Hans": "你手里没有这些牌", "zh-Hant": "你手裡沒有這些牌"},
    "you do not hold {count}× {card}": {
        "zh-Hans": "你手里没有 {count} 张 {card}",
        "zh-Hant": "你手裡沒有 {count} 張 {card}",
    },
    "play at least one card": {"zh-Hans": "至少要出一张牌", "zh-Hant": "至少要出一張牌"},
    "a lead must be cards of one suit (trumps count as one suit)": {
        "zh-Hans": "首出的牌必须是同一花色（主牌算一种花色）",
        "zh-Hant": "首出的牌必須是同一花色（主牌算一種花色）",
    },
    "these cards form one unit: lead them as one": {
        "zh-Hans": "这些牌本身就是一手牌：请整手出",
        "zh-Hant": "這些牌本身就是一手牌：請整手出",
    },
    "this game has no throws: lead one unit": {
        "zh-Hans": "这个玩法不能甩牌：只能出一手牌",
        "zh-Hant": "這個玩法不能甩牌：只能出一手牌",
    },
    "this game has no throws: a lead must be one unit": {
        "zh-Hans": "这个玩法不能甩牌：首出只能是一手牌",
        "zh-Hant": "這個玩法不能甩牌：首出只能是一手牌",
    },
    "a parse of one unit must be the cards led, forming one unit": {
        "zh-Hans": "只指定一手牌时，它必须就是所出的牌，并且成一手",
        "zh-Hant": "只指定一手牌時，它必須就是所出的牌，並且成一手",
    },
    "named unit {unit} is not a single, tuple or tractor": {
        "zh-Hans": "指定的 {unit} 不是单张、对子、三张或拖拉机",
        "zh-Hant": "指定的 {unit} 不是單張、對子、三張或拖拉機",
    },
    "the named units do not add up to the cards led": {
        "zh-Hans": "指定的各手牌合起来与首出的牌不符",
        "zh-Hant": "指定的各手牌合起來與首出的牌不符",
    },
    "play exactly {n} cards, as many as the lead": {
        "zh-Hans": "必须出 {n} 张牌，与首家张数相同",
        "zh-Hant": "必須出 {n} 張牌，與首家張數相同",
    },
    "must play all {held} cards of the led suit": {
        "zh-Hans": "必须把首出花色的 {held} 张牌全部出完",
        "zh-Hant": "必須把首出花色的 {held} 張牌全部出完",
    },
    "must play {n} cards of the led suit": {
        "zh-Hans": "必须出 {n} 张首出花色的牌",
        "zh-Hant": "必須出 {n} 張首出花色的牌",
    },
    "you hold a pair in the led suit: follow with it": {
        "zh-Hans": "你有首出花色的对子：必须跟对子",
        "zh-Hant": "你有首出花色的對子：必須跟對子",
    },
    "you hold a triple in the led suit: follow with it": {
        "zh-Hans": "你有首出花色的三张：必须跟三张",
        "zh-Hant": "你有首出花色的三張：必須跟三張",
    },
    "you hold a tractor in the led suit: follow with it": {
        "zh-Hans": "你有首出花色的拖拉机：必须跟拖拉机",
        "zh-Hant": "你有首出花色的拖拉機：必須跟拖拉機",
    },
    # Following in 山东升级.
    "you hold a {kind} of this size in the led suit: play it": {
        "zh-Hans": "你有首出花色中同样大小的{kind}：必须出它",
        "zh-Hant": "你有首出花色中同樣大小的{kind}：必須出它",
    },
    "without that unit, follow with your highest cards of the suit": {
        "zh-Hans": "没有同样的牌型，须从大到小跟该花色的牌",
        "zh-Hant": "沒有同樣的牌型，須從大到小跟該花色的牌",
    },
    "you hold a 刮风 this long in the led suit: follow with it": {
        "zh-Hans": "你有首出花色中同样长的刮风：必须跟刮风",
        "zh-Hant": "你有首出花色中同樣長的颳風：必須跟颳風",
    },
    "follow with as many pairs as you hold, up to the lead's": {
        "zh-Hans": "有对跟对：你有几对就须跟几对（最多与首家相同）",
        "zh-Hant": "有對跟對：你有幾對就須跟幾對（最多與首家相同）",
    },
    "after your pairs, fill with your highest cards of the suit": {
        "zh-Hans": "跟完对子后，须用该花色最大的牌补足（无对从大到小）",
        "zh-Hant": "跟完對子後，須用該花色最大的牌補足（無對從大到小）",
    },
    # Malformed input (programs rather than people send these).
    "no seat {seat!r} in a {players}-player game": {
        "zh-Hans": "{players} 人游戏中没有座位 {seat!r}",
        "zh-Hant": "{players} 人遊戲中沒有座位 {seat!r}",
    },
    "unknown action {action!r}": {
        "zh-Hans": "未知的动作 {action!r}",
        "zh-Hant": "未知的動作 {action!r}",
    },
    "{what} must be a list of cards": {
        "zh-Hans": "{what} 必须是一组牌",
        "zh-Hant": "{what} 必須是一組牌",
    },
    "{what}: {item!r} is not a card": {
        "zh-Hans": "{what}：{item!r} 不是一张牌",
        "zh-Hant": "{what}：{item!r} 不是一張牌",
    },
    "bid kind {kind!r} does not exist in {preset}": {
        "zh-Hans": "{preset} 没有 {kind!r} 这种叫法",
        "zh-Hant": "{preset} 沒有 {kind!r} 這種叫法",
    },
    "units must be a list of card lists": {
        "zh-Hans": "units 必须是由牌组成的列表",
        "zh-Hant": "units 必須是由牌組成的列表",
    },
    # Presets and their options (InvalidOption: command lines and records).
    "unknown preset {name!r}; presets: {presets}": {
        "zh-Hans": "没有玩法 {name!r}；可选的玩法：{presets}",
        "zh-Hant": "沒有玩法 {name!r}；可選的玩法：{presets}",
    },
    "{preset} has no option {name!r}; options: {options}": {
        "zh-Hans": "{preset} 没有选项 {name!r}；可用的选项：{options}",
        "zh-Hant": "{preset} 沒有選項 {name!r}；可用的選項：{options}",
    },
    "option {name!r} of {preset} must be one of: {allowed} (got {value!r})": {
        "zh-Hans": "{preset} 的选项 {name!r} 只能取：{allowed}（收到的是 {value!r}）",
        "zh-Hant": "{preset} 的選項 {name!r} 只能取：{allowed}（收到的是 {value!r}）",
    },
    "option {name!r} of {preset} must be a whole number": {
        "zh-Hans": "{preset} 的选项 {name!r} 必须是整数",
        "zh-Hant": "{preset} 的選項 {name!r} 必須是整數",
    },
    "option {name!r} of {preset} must be between {low} and {high} (got {value})": {
        "zh-Hans": "{preset} 的选项 {name!r} 必须在 {low} 到 {high} 之间（收到的是 {value}）",
        "zh-Hant": "{preset} 的選項 {name!r} 必須在 {low} 到 {high} 之間（收到的是 {value}）",
    },
    "{decks} decks with a kitty of {kitty} cannot be dealt evenly to {players} players; "
    "with {decks} decks kitty_size may be {sizes}": {
        "zh-Hans": "{decks} 副牌留 {kitty} 张底牌，无法平均发给 {players} 个人；"
        "{decks} 副牌时 kitty_size 可以是 {sizes}",
        "zh-Hant": "{decks} 副牌留 {kitty} 張底牌，無法平均發給 {players} 個人；"
        "{decks} 副牌時 kitty_size 可以是 {sizes}",
    },
    "option 'j_to_6' of shandong needs 'feng_j' (R-9.7)": {
        "zh-Hans": "shandong 的选项 'j_to_6' 需要同时打开 'feng_j'（R-9.7）",
        "zh-Hant": "shandong 的選項 'j_to_6' 需要同時打開 'feng_j'（R-9.7）",
    },
    "option {name!r} takes true or false (got {value!r})": {
        "zh-Hans": "选项 {name!r} 只能是 true 或 false（收到的是 {value!r}）",
        "zh-Hant": "選項 {name!r} 只能是 true 或 false（收到的是 {value!r}）",
    },
    "option {name!r} takes a whole number (got {value!r})": {
        "zh-Hans": "选项 {name!r} 必须是整数（收到的是 {value!r}）",
        "zh-Hant": "選項 {name!r} 必須是整數（收到的是 {value!r}）",
    },
    # Card notation (CardParseError reasons).
    "not a card": {"zh-Hans": "不是一张牌", "zh-Hant": "不是一張牌"},
    "rank without a suit": {"zh-Hans": "只有点数，缺少花色", "zh-Hant": "只有點數，缺少花色"},
}
