"""Texts of ``zpy sim`` (see :mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

SIM_TEXT: dict[str, dict[str, str]] = {
    "simulating": {"zh-Hans": "模拟中", "zh-Hant": "模擬中"},
    "rounds": {"zh-Hans": "局数", "zh-Hant": "局數"},
    "matches": {"zh-Hans": "场数", "zh-Hant": "場數"},
    "bots": {"zh-Hans": "机器人", "zh-Hant": "機器人"},
    "banker's side hold rate": {"zh-Hans": "庄家方守庄率", "zh-Hant": "莊家方守莊率"},
    "mean attackers' points": {"zh-Hans": "抓分方平均得分", "zh-Hant": "抓分方平均得分"},
    # 抠底 (摳底): the attackers win the last trick and score the kitty; 扣底 is
    # burying the kitty, a different thing.
    "kitty bonuses (rounds)": {"zh-Hans": "抠底次数", "zh-Hant": "摳底次數"},
    "kitty bonus points, total": {"zh-Hans": "抠底总得分", "zh-Hant": "摳底總得分"},
    "throws tried": {"zh-Hans": "甩牌次数", "zh-Hant": "甩牌次數"},
    "throws failed": {"zh-Hans": "甩牌失败次数", "zh-Hant": "甩牌失敗次數"},
    "redeals": {"zh-Hans": "重新发牌次数", "zh-Hant": "重新發牌次數"},
    "score total, seat {seat}": {
        "zh-Hans": "{seat} 号位积分合计",
        "zh-Hant": "{seat} 號位積分合計",
    },
    "rounds per second": {"zh-Hans": "每秒局数", "zh-Hant": "每秒局數"},
}
