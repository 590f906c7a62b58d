"""Texts of ``zpy replay`` and of the record reader and replayer (see
:mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

REPLAY_TEXT: dict[str, dict[str, str]] = {
    # Locations and joins.
    "{location}: {problem}": {
        "zh-Hans": "{location}：{problem}",
        "zh-Hant": "{location}：{problem}",
    },
    ", ": {"zh-Hans": "，", "zh-Hant": "，"},
    "line {line}": {"zh-Hans": "第 {line} 行", "zh-Hant": "第 {line} 行"},
    "key {key}": {"zh-Hans": "键 {key}", "zh-Hant": "鍵 {key}"},
    "round {round}": {"zh-Hans": "第 {round} 局", "zh-Hant": "第 {round} 局"},
    "bid {bid}": {"zh-Hans": "第 {bid} 次叫牌", "zh-Hant": "第 {bid} 次叫牌"},
    "trick {trick}": {"zh-Hans": "第 {trick} 墩", "zh-Hant": "第 {trick} 墩"},
    "seat {seat}": {"zh-Hans": "{seat} 号位", "zh-Hant": "{seat} 號位"},
    "{rule}: {message}": {"zh-Hans": "{rule}：{message}", "zh-Hant": "{rule}：{message}"},
    # Reading a file.
    "the file is empty": {"zh-Hans": "文件是空的", "zh-Hant": "檔案是空的"},
    "the file is not UTF-8 text": {
        "zh-Hans": "文件不是 UTF-8 文本",
        "zh-Hant": "檔案不是 UTF-8 文字",
    },
    "invalid JSON: {error}": {
        "zh-Hans": "不是有效的 JSON：{error}",
        "zh-Hant": "不是有效的 JSON：{error}",
    },
    "{error} (column {column})": {
        "zh-Hans": "{error}（第 {column} 列）",
        "zh-Hant": "{error}（第 {column} 欄）",
    },
    "expected ',' or ']'": {"zh-Hans": "此处应为 ',' 或 ']'", "zh-Hant": "此處應為 ',' 或 ']'"},
    # What Python's JSON parser found (reader._JSON_PROBLEMS).
    "a value is missing": {"zh-Hans": "缺少一个值", "zh-Hant": "缺少一個值"},
    "a key in double quotes is missing": {
        "zh-Hans": "缺少用双引号括起的键",
        "zh-Hant": "缺少用雙引號括起的鍵",
    },
    "':' is missing after a key": {"zh-Hans": "键后面缺少 ':'", "zh-Hant": "鍵後面缺少 ':'"},
    "',' is missing between two items": {
        "zh-Hans": "两项之间缺少 ','",
        "zh-Hant": "兩項之間缺少 ','",
    },
    "a string starts here but never ends": {
        "zh-Hans": "字符串从这里开始，却没有结束的引号",
        "zh-Hant": "字串從這裡開始，卻沒有結束的引號",
    },
    "a control character inside a string": {
        "zh-Hans": "字符串里有控制字符",
        "zh-Hant": "字串裡有控制字元",
    },
    "an invalid backslash escape": {"zh-Hans": "无效的反斜杠转义", "zh-Hant": "無效的反斜線跳脫"},
    "an invalid \\uXXXX escape": {
        "zh-Hans": "无效的 \\uXXXX 转义",
        "zh-Hant": "無效的 \\uXXXX 跳脫",
    },
    "a comma right before the end of an object": {
        "zh-Hans": "对象结尾前多了一个逗号",
        "zh-Hant": "物件結尾前多了一個逗號",
    },
    "a comma right before the end of a list": {
        "zh-Hans": "列表结尾前多了一个逗号",
        "zh-Hant": "列表結尾前多了一個逗號",
    },
    "the JSON syntax is broken here": {
        "zh-Hans": "这里的 JSON 语法有误",
        "zh-Hant": "這裡的 JSON 語法有誤",
    },
    "extra data after the end": {
        "zh-Hans": "结尾之后还有多余内容",
        "zh-Hant": "結尾之後還有多餘內容",
    },
    "cannot read {file}: {error}": {
        "zh-Hans": "无法读取 {file}：{error}",
        "zh-Hant": "無法讀取 {file}：{error}",
    },
    # Writing a record file (records.record).
    "{file} already exists": {"zh-Hans": "{file} 已经存在", "zh-Hant": "{file} 已經存在"},
    "cannot write records to {file}: {reason}": {
        "zh-Hans": "无法把记录写入 {file}：{reason}",
        "zh-Hant": "無法把記錄寫入 {file}：{reason}",
    },
    "it is a folder": {"zh-Hans": "这是一个文件夹", "zh-Hant": "這是一個資料夾"},
    "permission denied": {"zh-Hans": "没有写入权限", "zh-Hant": "沒有寫入權限"},
    "the folder {folder} does not exist": {
        "zh-Hans": "文件夹 {folder} 不存在",
        "zh-Hant": "資料夾 {folder} 不存在",
    },
    "{folder} is not a folder": {
        "zh-Hans": "{folder} 不是文件夹",
        "zh-Hant": "{folder} 不是資料夾",
    },
    # Validating a record.
    "missing": {"zh-Hans": "缺少", "zh-Hant": "缺少"},
    "expected {expected}, got {value}": {
        "zh-Hans": "应为{expected}，实际是 {value}",
        "zh-Hant": "應為{expected}，實際是 {value}",
    },
    "a JSON object": {"zh-Hans": " JSON 对象", "zh-Hant": " JSON 物件"},
    "a list": {"zh-Hans": "列表", "zh-Hant": "列表"},
    "a string": {"zh-Hans": "字符串", "zh-Hant": "字串"},
    "an integer": {"zh-Hans": "整数", "zh-Hant": "整數"},
    "true or false": {"zh-Hans": " true 或 false", "zh-Hant": " true 或 false"},
    "{value} is below the minimum {minimum}": {
        "zh-Hans": "{value} 小于最小值 {minimum}",
        "zh-Hant": "{value} 小於最小值 {minimum}",
    },
    "{value} is not a seat (0 … {last})": {
        "zh-Hans": "{value} 不是座位号（0 … {last}）",
        "zh-Hant": "{value} 不是座位號（0 … {last}）",
    },
    "{value} is not a card (ASCII notation such as 10H, LJ, BJ)": {
        "zh-Hans": "{value} 不是牌（应为 ASCII 写法，如 10H、LJ、BJ）",
        "zh-Hant": "{value} 不是牌（應為 ASCII 寫法，如 10H、LJ、BJ）",
    },
    "{value} is not a rank (2 … 10, J, Q, K, A)": {
        "zh-Hans": "{value} 不是牌点（2 … 10、J、Q、K、A）",
        "zh-Hant": "{value} 不是牌點（2 … 10、J、Q、K、A）",
    },
    "expected {count} entries, one per seat, got {got}": {
        "zh-Hans": "应有 {count} 项（每个座位一项），实际 {got} 项",
        "zh-Hant": "應有 {count} 項（每個座位一項），實際 {got} 項",
    },
    "a round must be a JSON object, got {value}": {
        "zh-Hans": "每局记录应为 JSON 对象，实际是 {value}",
        "zh-Hant": "每局記錄應為 JSON 物件，實際是 {value}",
    },
    "unsupported format {value}; this program reads {format}": {
        "zh-Hans": "不支持的格式 {value}；本程序读取 {format}",
        "zh-Hant": "不支援的格式 {value}；本程式讀取 {format}",
    },
    "expected at least one player": {"zh-Hans": "至少要有一名玩家", "zh-Hant": "至少要有一名玩家"},
    "{value} is not a suit letter (S, H, C, D) or null": {
        "zh-Hans": "{value} 不是花色字母（S、H、C、D）或 null",
        "zh-Hant": "{value} 不是花色字母（S、H、C、D）或 null",
    },
    "a solo call names no card": {"zh-Hans": "独打不叫牌", "zh-Hant": "獨打不叫牌"},
    "expected at least one play": {
        "zh-Hans": "一墩至少要有一次出牌",
        "zh-Hant": "一墩至少要有一次出牌",
    },
    "expected at least one card": {"zh-Hans": "至少要有一张牌", "zh-Hant": "至少要有一張牌"},
    "{value} is not an event kind (quit, bot, back)": {
        "zh-Hans": "{value} 不是事件类型（quit、bot、back）",
        "zh-Hant": "{value} 不是事件類型（quit、bot、back）",
    },
    # Replaying.
    "ok": {"zh-Hans": "一致", "zh-Hant": "一致"},
    "{key} recorded {recorded}, engine {engine}": {
        "zh-Hans": "{key}记录为 {recorded}，引擎算出 {engine}",
        "zh-Hant": "{key}記錄為 {recorded}，引擎算出 {engine}",
    },
    "recorded {action} but the engine says {reason}": {
        "zh-Hans": "记录为 {action}，但引擎判定 {reason}",
        "zh-Hant": "記錄為 {action}，但引擎判定 {reason}",
    },
    "the engine cannot set up this round: {error}": {
        "zh-Hans": "引擎无法建立这一局：{error}",
        "zh-Hant": "引擎無法建立這一局：{error}",
    },
    "deck is not a full set of cards for this preset": {
        "zh-Hans": "发到各家的牌和底牌合起来不是这个玩法的整副牌",
        "zh-Hant": "發到各家的牌和底牌合起來不是這個玩法的整副牌",
    },
    "without a banker every seat must be at the same level": {
        "zh-Hans": "还没有庄家时，所有座位必须是同一级",
        "zh-Hant": "還沒有莊家時，所有座位必須是同一級",
    },
    "deal: this seat received {got} cards, {preset} deals {expected}": {
        "zh-Hans": "发牌：这个座位拿到 {got} 张牌，{preset} 每人发 {expected} 张",
        "zh-Hant": "發牌：這個座位拿到 {got} 張牌，{preset} 每人發 {expected} 張",
    },
    "recorded after {after} cards dealt, which the deal has passed "
    "(bids must be listed in order)": {
        "zh-Hans": "记录在发出 {after} 张牌后，但发牌已过了这一刻（叫牌须按先后顺序记录）",
        "zh-Hant": "記錄在發出 {after} 張牌後，但發牌已過了這一刻（叫牌須按先後順序記錄）",
    },
    "a pass": {"zh-Hans": "不叫", "zh-Hant": "不叫"},
    "nobody bid, so the engine deals again (R-8.2)": {
        "zh-Hans": "无人叫牌，引擎重新发牌（R-8.2）",
        "zh-Hant": "無人叫牌，引擎重新發牌（R-8.2）",
    },
    "swaps: the engine has no declarer swaps for {preset}": {
        "zh-Hans": "记录中有换底，但 {preset} 没有亮牌人换底",
        "zh-Hant": "記錄中有換底，但 {preset} 沒有亮牌人換底",
    },
    "friend_call recorded null, but {preset} calls a friend (R-9.1)": {
        "zh-Hans": "记录中没有叫朋友，但 {preset} 要叫朋友（R-9.1）",
        "zh-Hant": "記錄中沒有叫朋友，但 {preset} 要叫朋友（R-9.1）",
    },
    "a solo call": {"zh-Hans": "独打", "zh-Hant": "獨打"},
    "the friend call {card}": {"zh-Hans": "叫朋友 {card}", "zh-Hant": "叫朋友 {card}"},
    "the round is already over after {done} tricks": {
        "zh-Hans": "打完 {done} 墩后这一局已经结束",
        "zh-Hant": "打完 {done} 墩後這一局已經結束",
    },
    "the trick has {got} plays, the engine expects {expected}": {
        "zh-Hans": "这一墩有 {got} 次出牌，引擎要求 {expected} 次",
        "zh-Hant": "這一墩有 {got} 次出牌，引擎要求 {expected} 次",
    },
    "units recorded {recorded}, engine {engine}": {
        "zh-Hans": "牌型拆分记录为 {recorded}，引擎为 {engine}",
        "zh-Hant": "牌型拆分記錄為 {recorded}，引擎為 {engine}",
    },
    "recorded a failed throw of {attempted}, but the engine lets it stand (R-4.3)": {
        "zh-Hans": "记录为甩牌 {attempted} 失败，但引擎判定甩牌成功（R-4.3）",
        "zh-Hant": "記錄為甩牌 {attempted} 失敗，但引擎判定甩牌成功（R-4.3）",
    },
    "recorded {cards} forced from the throw {attempted}, but the engine forces {forced} (R-4.4)": {
        "zh-Hans": "记录为甩牌 {attempted} 失败后出 {cards}，但引擎判定须出 {forced}（R-4.4）",
        "zh-Hant": "記錄為甩牌 {attempted} 失敗後出 {cards}，但引擎判定須出 {forced}（R-4.4）",
    },
    "recorded the throw {cards} as standing, but the engine says it fails and forces {forced} "
    "(R-4.4)": {
        "zh-Hans": "记录为甩牌 {cards} 成功，但引擎判定甩牌失败，须出 {forced}（R-4.4）",
        "zh-Hant": "記錄為甩牌 {cards} 成功，但引擎判定甩牌失敗，須出 {forced}（R-4.4）",
    },
    "the record ends after {done} tricks, but the round is not over": {
        "zh-Hans": "记录在第 {done} 墩后结束，但这一局还没打完",
        "zh-Hant": "記錄在第 {done} 墩後結束，但這一局還沒打完",
    },
    # Summary.
    "all {total} rounds replay exactly": {
        "zh-Hans": "全部 {total} 局重放一致",
        "zh-Hant": "全部 {total} 局重播一致",
    },
    "{bad} of {total} rounds disagree with the engine": {
        "zh-Hans": "{total} 局中有 {bad} 局与引擎不一致",
        "zh-Hant": "{total} 局中有 {bad} 局與引擎不一致",
    },
    "the file holds no rounds": {"zh-Hans": "文件中没有任何一局", "zh-Hant": "檔案中沒有任何一局"},
    # 山东升级 declarations.
    "taken recorded {recorded}, engine {engine}": {
        "zh-Hans": "记录的粘牌所取为 {recorded}，引擎为 {engine}",
        "zh-Hant": "記錄的粘牌所取為 {recorded}，引擎為 {engine}",
    },
    "none": {"zh-Hans": "无", "zh-Hant": "無"},
    "a level for each seat": {"zh-Hans": "每个座位一个级别", "zh-Hant": "每個座位一個級別"},
    "{field} belongs to a 粘 (zhan) bid only": {
        "zh-Hans": "{field} 只属于粘牌（zhan）叫牌",
        "zh-Hant": "{field} 只屬於粘牌（zhan）叫牌",
    },
    "attempted_units {units} do not split the throw {attempted} (R-4.2)": {
        "zh-Hans": "attempted_units {units} 不是甩牌 {attempted} 的拆分（R-4.2）",
        "zh-Hant": "attempted_units {units} 不是甩牌 {attempted} 的拆分（R-4.2）",
    },
    "{field} belongs to the leader's failed throw only": {
        "zh-Hans": "{field} 只属于首家甩牌失败的记录",
        "zh-Hant": "{field} 只屬於首家甩牌失敗的記錄",
    },
    # Engine rejections told about a seat (replay.SEAT_FORMS), not to the player.
    "seat {actor} does not hold the cards it bids": {
        "zh-Hans": "{actor} 号位手里没有所叫的牌",
        "zh-Hant": "{actor} 號位手裡沒有所叫的牌",
    },
    "seat {actor} may reinforce its own bid but not overcall it with another suit": {
        "zh-Hans": "{actor} 号位可以加固自己叫的主，但不能改叫别的花色",
        "zh-Hant": "{actor} 號位可以加固自己叫的主，但不能改叫別的花色",
    },
    "seat {actor} does not hold the cards it declares": {
        "zh-Hans": "{actor} 号位手里没有所亮的牌",
        "zh-Hant": "{actor} 號位手裡沒有所亮的牌",
    },
    "seat {actor} cannot 顶 its own declaration": {
        "zh-Hans": "{actor} 号位不能顶自己的亮牌",
        "zh-Hant": "{actor} 號位不能頂自己的亮牌",
    },
    "seat {actor} does not hold another copy of that joker": {
        "zh-Hans": "{actor} 号位没有另一张同样的王",
        "zh-Hant": "{actor} 號位沒有另一張同樣的王",
    },
    "bury exactly {size} cards (seat {actor} buried {got})": {
        "zh-Hans": "须扣 {size} 张牌（{actor} 号位扣了 {got} 张）",
        "zh-Hant": "須扣 {size} 張牌（{actor} 號位扣了 {got} 張）",
    },
    "call a card seat {actor} holds exactly once whose twin is not buried": {
        "zh-Hans": "须叫一张 {actor} 号位手里只有一张、另一张又不在底牌里的牌",
        "zh-Hant": "須叫一張 {actor} 號位手裡只有一張、另一張又不在底牌裡的牌",
    },
    "seat {actor} holds no single whose twin is out: it must go solo (独打)": {
        "zh-Hans": "{actor} 号位没有可叫的单张（另一张须在别人手里）：只能独打",
        "zh-Hant": "{actor} 號位沒有可叫的單張（另一張須在別人手裡）：只能獨打",
    },
    "give back exactly {count} cards (seat {actor} gave {got})": {
        "zh-Hans": "须还 {count} 张牌（{actor} 号位还了 {got} 张）",
        "zh-Hant": "須還 {count} 張牌（{actor} 號位還了 {got} 張）",
    },
    "seat {actor} does not hold {count}× {card}": {
        "zh-Hans": "{actor} 号位手里没有 {count} 张 {card}",
        "zh-Hant": "{actor} 號位手裡沒有 {count} 張 {card}",
    },
    "seat {actor} holds a pair in the led suit: it must follow with it": {
        "zh-Hans": "{actor} 号位有首出花色的对子：必须跟对子",
        "zh-Hant": "{actor} 號位有首出花色的對子：必須跟對子",
    },
    "seat {actor} holds a triple in the led suit: it must follow with it": {
        "zh-Hans": "{actor} 号位有首出花色的三张：必须跟三张",
        "zh-Hant": "{actor} 號位有首出花色的三張：必須跟三張",
    },
    "seat {actor} holds a tractor in the led suit: it must follow with it": {
        "zh-Hans": "{actor} 号位有首出花色的拖拉机：必须跟拖拉机",
        "zh-Hant": "{actor} 號位有首出花色的拖拉機：必須跟拖拉機",
    },
    "seat {actor} holds a {kind} of this size in the led suit: it must play it": {
        "zh-Hans": "{actor} 号位有首出花色中同样大小的{kind}：必须出它",
        "zh-Hant": "{actor} 號位有首出花色中同樣大小的{kind}：必須出它",
    },
    "without that unit, seat {actor} must follow with its highest cards of the suit": {
        "zh-Hans": "{actor} 号位没有同样的牌型，须从大到小跟该花色的牌",
        "zh-Hant": "{actor} 號位沒有同樣的牌型，須從大到小跟該花色的牌",
    },
    "seat {actor} holds a 刮风 this long in the led suit: it must follow with it": {
        "zh-Hans": "{actor} 号位有首出花色中同样长的刮风：必须跟刮风",
        "zh-Hant": "{actor} 號位有首出花色中同樣長的颳風：必須跟颳風",
    },
    "seat {actor} must follow with as many pairs as it holds, up to the lead's": {
        "zh-Hans": "有对跟对：{actor} 号位有几对就须跟几对（最多与首家相同）",
        "zh-Hant": "有對跟對：{actor} 號位有幾對就須跟幾對（最多與首家相同）",
    },
    "after its pairs, seat {actor} must fill with its highest cards of the suit": {
        "zh-Hans": "跟完对子后，{actor} 号位须用该花色最大的牌补足（无对从大到小）",
        "zh-Hant": "跟完對子後，{actor} 號位須用該花色最大的牌補足（無對從大到小）",
    },
}

# Record keys named in "{key} recorded …, engine …": English shows the key itself, so
# that it can be found in the file; Chinese gives its meaning. Kept apart from the
# catalog because some keys ("banker", "points") are also play texts.
RECORD_KEY_TEXT: dict[str, dict[str, str]] = {
    "players (count)": {"zh-Hans": "玩家人数", "zh-Hant": "玩家人數"},
    "kitty (size)": {"zh-Hans": "底牌张数", "zh-Hant": "底牌張數"},
    "dealer": {"zh-Hans": "发牌人", "zh-Hant": "發牌人"},
    "levels_before": {"zh-Hans": "本局前的级别", "zh-Hant": "本局前的級別"},
    "from_seat": {"zh-Hans": "被粘的座位", "zh-Hant": "被粘的座位"},
    "level_rank": {"zh-Hans": "级牌", "zh-Hant": "級牌"},
    "banker": {"zh-Hans": "庄家", "zh-Hant": "莊家"},
    "trump_suit": {"zh-Hans": "主牌花色", "zh-Hant": "主牌花色"},
    "bid_count": {"zh-Hans": "叫主张数", "zh-Hant": "叫主張數"},
    "buried_by": {"zh-Hans": "扣底人", "zh-Hant": "扣底人"},
    "friend_call": {"zh-Hans": "叫朋友", "zh-Hant": "叫朋友"},
    "friend": {"zh-Hans": "朋友", "zh-Hant": "朋友"},
    "leader": {"zh-Hans": "首出人", "zh-Hant": "首出人"},
    "winner": {"zh-Hans": "赢家", "zh-Hant": "贏家"},
    "points": {"zh-Hans": "这一墩的分", "zh-Hant": "這一墩的分"},
    "kitty_points": {"zh-Hans": "底牌分", "zh-Hant": "底牌分"},
    "kitty_multiplier": {"zh-Hans": "抠底倍数", "zh-Hant": "摳底倍數"},
    "attackers_points": {"zh-Hans": "抓分方得分", "zh-Hant": "抓分方得分"},
    "levels_after": {"zh-Hans": "本局后的级别", "zh-Hant": "本局後的級別"},
    "next_banker": {"zh-Hans": "下一局庄家", "zh-Hant": "下一局莊家"},
    "scores": {"zh-Hans": "各座位积分", "zh-Hant": "各座位積分"},
    "penalties": {"zh-Hans": "各座位罚分", "zh-Hant": "各座位罰分"},
}
