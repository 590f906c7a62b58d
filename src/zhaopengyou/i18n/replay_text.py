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
    "seat {seat}": {"zh-Hans": "{seat} 号座位", "zh-Hant": "{seat} 號座位"},
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
    "extra data after the end": {
        "zh-Hans": "结尾之后还有多余内容",
        "zh-Hant": "結尾之後還有多餘內容",
    },
    "cannot read {file}: {error}": {
        "zh-Hans": "无法读取 {file}：{error}",
        "zh-Hant": "無法讀取 {file}：{error}",
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
        "zh-Hans": "{key} 记录为 {recorded}，引擎算出 {engine}",
        "zh-Hant": "{key} 記錄為 {recorded}，引擎算出 {engine}",
    },
    "recorded {action} but the engine says {reason}": {
        "zh-Hans": "记录为 {action}，但引擎判定 {reason}",
        "zh-Hant": "記錄為 {action}，但引擎判定 {reason}",
    },
    "the engine cannot set up this game: {error}": {
        "zh-Hans": "引擎无法建立这种玩法：{error}",
        "zh-Hant": "引擎無法建立這種玩法：{error}",
    },
    "the engine cannot set up this round: {error}": {
        "zh-Hans": "引擎无法建立这一局：{error}",
        "zh-Hant": "引擎無法建立這一局：{error}",
    },
    "deal: seat {seat} received {got} cards, {preset} deals {expected}": {
        "zh-Hans": "发牌：{seat} 号座位拿到 {got} 张牌，{preset} 每人发 {expected} 张",
        "zh-Hant": "發牌：{seat} 號座位拿到 {got} 張牌，{preset} 每人發 {expected} 張",
    },
    "recorded after {after} cards dealt, which the deal has passed "
    "(bids must be listed in order)": {
        "zh-Hans": "记录在发出 {after} 张牌后，但发牌已过了这一刻（叫牌须按先后顺序记录）",
        "zh-Hant": "記錄在發出 {after} 張牌後，但發牌已過了這一刻（叫牌須按先後順序記錄）",
    },
    "a pass": {"zh-Hans": "不叫", "zh-Hant": "不叫"},
    "the closing bid window ended before this bid": {
        "zh-Hans": "最后一轮叫牌在这次叫牌之前已经结束",
        "zh-Hant": "最後一輪叫牌在這次叫牌之前已經結束",
    },
    "nobody bid, so the engine deals again (R-8.2)": {
        "zh-Hans": "无人叫牌，引擎重新发牌（R-8.2）",
        "zh-Hant": "無人叫牌，引擎重新發牌（R-8.2）",
    },
    "swaps: the engine has no declarer swaps for {preset}": {
        "zh-Hans": "swaps：引擎不支持 {preset} 的换牌",
        "zh-Hant": "swaps：引擎不支援 {preset} 的換牌",
    },
    "friend_call recorded null, but {preset} calls a friend (R-9.1)": {
        "zh-Hans": "friend_call 记录为 null，但 {preset} 要叫朋友（R-9.1）",
        "zh-Hant": "friend_call 記錄為 null，但 {preset} 要叫朋友（R-9.1）",
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
    "no swap": {"zh-Hans": "不换牌", "zh-Hant": "不換牌"},
}
