"""The online server's messages to clients in Chinese (see :mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

SERVER_TEXT: dict[str, dict[str, str]] = {
    "you are not in this room": {"zh-Hans": "你不在这个房间里", "zh-Hant": "你不在這個房間裡"},
    "you are not in a room": {"zh-Hans": "你还没有进入房间", "zh-Hant": "你還沒有進入房間"},
    "no such room": {"zh-Hans": "没有这个房间", "zh-Hant": "沒有這個房間"},
    "the table moved to another server process: look again and act": {
        "zh-Hans": "牌桌换到了另一个服务器进程：请看清局面再出牌",
        "zh-Hant": "牌桌換到了另一個伺服器進程：請看清局面再出牌",
    },
    "the series has started: you may watch": {
        "zh-Hans": "这一连打已经开始了：你可以旁观",
        "zh-Hant": "這一連打已經開始了：你可以旁觀",
    },
    "no free seat": {"zh-Hans": "没有空座位了", "zh-Hant": "沒有空座位了"},
    "seat {seat} is taken": {"zh-Hans": "{seat}号位已经有人了", "zh-Hant": "{seat}號位已經有人了"},
    "you joined this room from another connection": {
        "zh-Hans": "你已经从另一个连接进入了这个房间",
        "zh-Hant": "你已經從另一個連線進入了這個房間",
    },
    "only a seated player can be ready before the series": {
        "zh-Hans": "只有入座的玩家才能在开局前准备",
        "zh-Hant": "只有入座的玩家才能在開局前準備",
    },
    "bots take seats before the series starts": {
        "zh-Hans": "机器人只能在开局前入座",
        "zh-Hant": "機器人只能在開局前入座",
    },
    "spectators cannot act": {"zh-Hans": "旁观者不能出牌", "zh-Hant": "旁觀者不能出牌"},
    "no round is being played now": {
        "zh-Hans": "现在没有正在进行的一局",
        "zh-Hant": "現在沒有正在進行的一局",
    },
    "that round is over": {"zh-Hans": "那一局已经结束了", "zh-Hant": "那一局已經結束了"},
    "this table has no seat {seat}": {
        "zh-Hans": "这张桌子没有{seat}号位",
        "zh-Hant": "這張桌子沒有{seat}號位",
    },
    "only the room's maker or a seated player seats bots": {
        "zh-Hans": "只有房主或入座的玩家可以安排机器人",
        "zh-Hant": "只有房主或入座的玩家可以安排機器人",
    },
    "you are playing a series: leave it first (强退, R-11.2)": {
        "zh-Hans": "你正在连打中：要先退出（强退，R-11.2）",
        "zh-Hant": "你正在連打中：要先退出（強退，R-11.2）",
    },
    "only a seated player can ask for a hint": {
        "zh-Hans": "只有入座的玩家才能要提示",
        "zh-Hant": "只有入座的玩家才能要提示",
    },
    "only a seated player has a bot to hand over to": {
        "zh-Hans": "只有入座的玩家才能托管",
        "zh-Hant": "只有入座的玩家才能託管",
    },
    "you are chatting too fast": {"zh-Hans": "你说话太快了", "zh-Hant": "你說話太快了"},
    "unknown phrase": {"zh-Hans": "没有这句快捷语", "zh-Hant": "沒有這句快捷語"},
    "during a round in a 「寻」 room only fixed phrases may be sent (R-11.4)": {
        "zh-Hans": "「寻」房间在一局进行中只能发送快捷语（R-11.4）",
        "zh-Hant": "「尋」房間在一局進行中只能發送快捷語（R-11.4）",
    },
    "say something": {"zh-Hans": "请输入要说的话", "zh-Hant": "請輸入要說的話"},
    "too many messages: slow down": {
        "zh-Hans": "消息太多了，请慢一点",
        "zh-Hant": "訊息太多了，請慢一點",
    },
}
