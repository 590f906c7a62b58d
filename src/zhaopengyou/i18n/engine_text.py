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
    "beat level cards and 大王 beats 小王)": {
        "zh-Hans": "反主须比当前叫主的张数多（张数相同时王大于级牌，大王大于小王）",
        "zh-Hant": "反主須比當前叫主的張數多（張數相同時王大於級牌，大王大於小王）",
    },
    "you may reinforce your own bid but not overcall it with another suit": {
        "zh-Hans": "你可以加固自己叫的主，但不能改叫别的花色",
        "zh-Hant": "你可以加固自己叫的主，但不能改叫別的花色",
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
    "solo must be true or false": {
        "zh-Hans": "solo 必须是 true 或 false",
        "zh-Hant": "solo 必須是 true 或 false",
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
    "this game has no throws: lead one unit": {
        "zh-Hans": "这个玩法不能甩牌：只能出一手牌",
        "zh-Hant": "這個玩法不能甩牌：只能出一手牌",
    },
    "this game has no throws: a lead must be one unit": {
        "zh-Hans": "这个玩法不能甩牌：首出只能是一手牌",
        "zh-Hant": "這個玩法不能甩牌：首出只能是一手牌",
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
    "{what}: {error}": {"zh-Hans": "{what}：{error}", "zh-Hant": "{what}：{error}"},
    "{what}: {item!r} is not a card": {
        "zh-Hans": "{what}：{item!r} 不是一张牌",
        "zh-Hant": "{what}：{item!r} 不是一張牌",
    },
    "units must be a list of card lists": {
        "zh-Hans": "units 必须是由牌组成的列表",
        "zh-Hant": "units 必須是由牌組成的列表",
    },
    # Card notation (CardParseError reasons).
    "not a card": {"zh-Hans": "不是一张牌", "zh-Hant": "不是一張牌"},
    "rank without a suit": {"zh-Hans": "只有点数，缺少花色", "zh-Hant": "只有點數，缺少花色"},
}
