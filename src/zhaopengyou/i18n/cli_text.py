"""Texts of the ``zpy`` command line: ``--help`` pages, usage and argument errors (see
:mod:`zhaopengyou.i18n.catalog`)."""

from __future__ import annotations

CLI_TEXT: dict[str, dict[str, str]] = {
    # Help pages (cli/usage.py).
    "Usage: {usage}": {"zh-Hans": "用法：{usage}", "zh-Hant": "用法：{usage}"},
    "[OPTIONS]": {"zh-Hans": "[选项]", "zh-Hant": "[選項]"},
    "COMMAND [ARGS]...": {"zh-Hans": "命令 [参数]...", "zh-Hant": "命令 [參數]..."},
    "Arguments:": {"zh-Hans": "参数：", "zh-Hant": "參數："},
    "Options:": {"zh-Hans": "选项：", "zh-Hant": "選項："},
    "Commands:": {"zh-Hans": "命令：", "zh-Hant": "命令："},
    " (default: {default})": {"zh-Hans": "（默认：{default}）", "zh-Hant": "（預設：{default}）"},
    "Show this message and exit.": {
        "zh-Hans": "显示这份帮助并退出。",
        "zh-Hant": "顯示這份說明並退出。",
    },
    "Try '{command} --help' for help.": {
        "zh-Hans": "运行 '{command} --help' 查看帮助。",
        "zh-Hant": "執行 '{command} --help' 查看說明。",
    },
    # Help texts of the commands and options (cli/main.py).
    "找朋友 and the other games of the 升级 family: play, simulate, replay, serve.": {
        "zh-Hans": "找朋友及升级家族的其他玩法：对局、模拟、重放、联网服务。",
        "zh-Hant": "找朋友及升級家族的其他玩法：對局、模擬、重播、連網服務。",
    },
    "Play in the terminal against bots (you are one seat, the bots the others).": {
        "zh-Hans": "在终端里和机器人对局（你坐一个座位，其余座位是机器人）。",
        "zh-Hant": "在終端機裡和機器人對局（你坐一個座位，其餘座位是機器人）。",
    },
    "Play bot-only matches and print statistics.": {
        "zh-Hans": "只让机器人打若干场，并打印统计。",
        "zh-Hant": "只讓機器人打若干場，並列印統計。",
    },
    'Re-play a record through the engine; report the first disagreement or "ok".': {
        "zh-Hans": "用引擎重放一份记录；报告第一处不一致，或“一致”。",
        "zh-Hant": "用引擎重播一份記錄；報告第一處不一致，或「一致」。",
    },
    "Print the JSON Schema of the WebSocket protocol's messages, both directions.": {
        "zh-Hans": "打印 WebSocket 协议全部消息（双向）的 JSON Schema。",
        "zh-Hant": "列印 WebSocket 協定全部訊息（雙向）的 JSON Schema。",
    },
    "write it to FILE instead of printing it": {
        "zh-Hans": "写入 FILE，而不是打印出来",
        "zh-Hant": "寫入 FILE，而不是列印出來",
    },
    "with --out: replace FILE": {
        "zh-Hans": "与 --out 一起用：替换 FILE",
        "zh-Hant": "與 --out 一起用：取代 FILE",
    },
    "{path} exists: add --force to replace it": {
        "zh-Hans": "{path} 已存在：加 --force 才会替换它",
        "zh-Hant": "{path} 已存在：加 --force 才會取代它",
    },
    "the game: zhaopengyou, qidong, shandong or tractor": {
        "zh-Hans": "玩法：zhaopengyou、qidong、shandong 或 tractor",
        "zh-Hant": "玩法：zhaopengyou、qidong、shandong 或 tractor",
    },
    "a rule option (repeatable), e.g. partner=called": {
        "zh-Hans": "规则选项（可重复），例如 partner=called",
        "zh-Hant": "規則選項（可重複），例如 partner=called",
    },
    "interface language: zh-Hans (default), zh-Hant or en; also the ZPY_LANG "
    "environment variable": {
        "zh-Hans": "界面语言：zh-Hans（默认）、zh-Hant 或 en；也可用环境变量 ZPY_LANG",
        "zh-Hant": "介面語言：zh-Hans（預設）、zh-Hant 或 en；也可用環境變數 ZPY_LANG",
    },
    "the bots: a level, easy, normal or hard (search, 1 s a move), or a kind, random, "
    "heuristic or search": {
        "zh-Hans": "机器人：难度 easy（简单）、normal（普通）或 hard（困难，每步想 1 秒），"
        "或种类 random（随机）、heuristic（会算牌）或 search（搜索）",
        "zh-Hant": "機器人：難度 easy（簡單）、normal（普通）或 hard（困難，每步想 1 秒），"
        "或種類 random（隨機）、heuristic（會算牌）或 search（搜尋）",
    },
    "write every round to FILE (zpy-record/1 JSON Lines); an existing FILE is "
    "refused unless --append or --force is given": {
        "zh-Hans": "把每一局写入 FILE（zpy-record/1 JSON Lines）；FILE 已存在时拒绝写入，"
        "除非加 --append 或 --force",
        "zh-Hant": "把每一局寫入 FILE（zpy-record/1 JSON Lines）；FILE 已存在時拒絕寫入，"
        "除非加 --append 或 --force",
    },
    "with --record: add the rounds to an existing FILE": {
        "zh-Hans": "与 --record 一起用：把新的局追加到已有的 FILE 后面",
        "zh-Hant": "與 --record 一起用：把新的局附加到已有的 FILE 後面",
    },
    "with --record: replace an existing FILE": {
        "zh-Hans": "与 --record 一起用：替换已有的 FILE",
        "zh-Hant": "與 --record 一起用：取代已有的 FILE",
    },
    "your seat, counted from 1 (-s 3 is 3号位)": {
        "zh-Hans": "你的座位，从 1 数起（-s 3 是 3 号位）",
        "zh-Hant": "你的座位，從 1 數起（-s 3 是 3 號位）",
    },
    "shuffle seed (default: random)": {
        "zh-Hans": "洗牌种子（默认：随机）",
        "zh-Hant": "洗牌種子（預設：隨機）",
    },
    "rounds in the match": {"zh-Hans": "这一场打几局", "zh-Hant": "這一場打幾局"},
    "pause after each bot play, in seconds (default: the ZPY_PLAY_DELAY "
    "environment variable, else a short pause at a terminal)": {
        "zh-Hans": "机器人每次出牌后停顿的秒数（默认：环境变量 ZPY_PLAY_DELAY，"
        "否则在终端里稍停片刻）",
        "zh-Hant": "機器人每次出牌後停頓的秒數（預設：環境變數 ZPY_PLAY_DELAY，"
        "否則在終端機裡稍停片刻）",
    },
    "show cards in ASCII (10H, BJ) or not (♥10, 大王)": {
        "zh-Hans": "用 ASCII 显示牌（10H、BJ），或不用（♥10、大王）",
        "zh-Hant": "用 ASCII 顯示牌（10H、BJ），或不用（♥10、大王）",
    },
    "rounds to play": {"zh-Hans": "一共打几局", "zh-Hant": "一共打幾局"},
    "seed of the first match; each next match adds 1": {
        "zh-Hans": "第一场的种子；之后每场加 1",
        "zh-Hant": "第一場的種子；之後每場加 1",
    },
    "rounds per match": {"zh-Hans": "每场的局数", "zh-Hant": "每場的局數"},
    "print the summary as JSON (seats counted from 0, as in records)": {
        "zh-Hans": "以 JSON 打印统计（座位从 0 数起，与记录相同）",
        "zh-Hant": "以 JSON 列印統計（座位從 0 數起，與記錄相同）",
    },
    "a zpy-record/1 file (JSON or JSON Lines)": {
        "zh-Hans": "zpy-record/1 记录文件（JSON 或 JSON Lines）",
        "zh-Hant": "zpy-record/1 記錄檔（JSON 或 JSON Lines）",
    },
    "print the verdict as JSON (seats counted from 0, as in records)": {
        "zh-Hans": "以 JSON 打印结果（座位从 0 数起，与记录相同）",
        "zh-Hant": "以 JSON 列印結果（座位從 0 數起，與記錄相同）",
    },
    "Compare bots fairly: every deal is played once per seating of the bots (duplicate).": {
        "zh-Hans": "公平地比较机器人：每组牌按机器人的每种座次各打一局（复式赛制）。",
        "zh-Hant": "公平地比較機器人：每組牌按機器人的每種座次各打一局（複式賽制）。",
    },
    "the bots to compare, comma-separated: A is the first, B the second …": {
        "zh-Hans": "要比较的机器人，用逗号分隔：第一个是 A，第二个是 B……",
        "zh-Hant": "要比較的機器人，用逗號分隔：第一個是 A，第二個是 B……",
    },
    "deals to play, each once per seating of the bots": {
        "zh-Hans": "要打几组牌；每组牌按机器人的每种座次各打一局",
        "zh-Hant": "要打幾組牌；每組牌按機器人的每種座次各打一局",
    },
    "processes playing deals at once; the results do not depend on it": {
        "zh-Hans": "同时打牌的进程数；结果与它无关",
        "zh-Hant": "同時打牌的行程數；結果與它無關",
    },
    "thinking time per decision, for bots that search (the others ignore it)": {
        "zh-Hans": "会搜索的机器人每次决策的思考时间（其他机器人忽略它）",
        "zh-Hant": "會搜尋的機器人每次決策的思考時間（其他機器人忽略它）",
    },
    "seed of the deals and of the bots": {
        "zh-Hans": "牌局和机器人的种子",
        "zh-Hant": "牌局和機器人的種子",
    },
    "keep every finished deal in FILE; run again with it to play only the deals it lacks": {
        "zh-Hans": "把每组打完的牌记在 FILE 里；再用它运行时只打其中没有的牌",
        "zh-Hant": "把每組打完的牌記在 FILE 裡；再用它執行時只打其中沒有的牌",
    },
    # Operating-system errors (i18n/os_errors.py): the C library's words are English only.
    "no such file or folder": {
        "zh-Hans": "没有这个文件或文件夹",
        "zh-Hant": "沒有這個檔案或資料夾",
    },
    "access denied": {"zh-Hans": "没有权限", "zh-Hant": "沒有權限"},
    "no space left on the disk": {"zh-Hans": "磁盘空间已满", "zh-Hant": "磁碟空間已滿"},
    "disk quota exceeded": {"zh-Hans": "超出了磁盘配额", "zh-Hant": "超出了磁碟配額"},
    "the file is too large": {"zh-Hans": "文件太大", "zh-Hant": "檔案太大"},
    "the file system is read-only": {"zh-Hans": "文件系统是只读的", "zh-Hant": "檔案系統是唯讀的"},
    "a part of the path is not a folder": {
        "zh-Hans": "路径中有一部分不是文件夹",
        "zh-Hant": "路徑中有一部分不是資料夾",
    },
    "the file name is too long": {"zh-Hans": "文件名太长", "zh-Hant": "檔名太長"},
    "the file already exists": {"zh-Hans": "文件已经存在", "zh-Hant": "檔案已經存在"},
    "too many symbolic links": {"zh-Hans": "符号链接太多", "zh-Hant": "符號連結太多"},
    "too many open files": {"zh-Hans": "打开的文件太多", "zh-Hant": "開啟的檔案太多"},
    "input/output error": {"zh-Hans": "输入输出错误", "zh-Hant": "輸入輸出錯誤"},
    "the reading side was closed (broken pipe)": {
        "zh-Hans": "读取的一方已经关闭（管道断开）",
        "zh-Hant": "讀取的一方已經關閉（管線中斷）",
    },
    "no such device": {"zh-Hans": "没有这个设备", "zh-Hant": "沒有這個裝置"},
    "the file or device is busy": {"zh-Hans": "文件或设备正忙", "zh-Hant": "檔案或裝置正忙"},
    "cannot write the output: {reason}": {
        "zh-Hans": "无法写出结果：{reason}",
        "zh-Hant": "無法寫出結果：{reason}",
    },
    "{path} is not a regular file": {
        "zh-Hans": "{path} 不是普通文件",
        "zh-Hant": "{path} 不是一般檔案",
    },
    # The arena journal (bots/journal.py, cli/arena.py).
    "cannot write {path}: {reason}": {
        "zh-Hans": "无法写入 {path}：{reason}",
        "zh-Hant": "無法寫入 {path}：{reason}",
    },
    "cannot read {path}: {reason}": {
        "zh-Hans": "无法读取 {path}：{reason}",
        "zh-Hant": "無法讀取 {path}：{reason}",
    },
    "{path} is not an arena journal (it is empty)": {
        "zh-Hans": "{path} 不是对战日志（文件是空的）",
        "zh-Hant": "{path} 不是對戰日誌（檔案是空的）",
    },
    "{path} is not an arena journal ({format})": {
        "zh-Hans": "{path} 不是对战日志（{format}）",
        "zh-Hant": "{path} 不是對戰日誌（{format}）",
    },
    "{path} was written for another arena ({field} {found}, not {wanted}); "
    "give another file or the same settings": {
        "zh-Hans": "{path} 属于另一场对战（{field} 是 {found}，不是 {wanted}）；"
        "请换一个文件，或用相同的设置",
        "zh-Hant": "{path} 屬於另一場對戰（{field} 是 {found}，不是 {wanted}）；"
        "請換一個檔案，或用相同的設定",
    },
    "{path}, line {line}: not a finished deal of this arena": {
        "zh-Hans": "{path} 第 {line} 行：不是这场对战打完的一组牌",
        "zh-Hant": "{path} 第 {line} 行：不是這場對戰打完的一組牌",
    },
    "{path}, line {line}: deal {deal} is in the file twice": {
        "zh-Hans": "{path} 第 {line} 行：第 {deal} 组牌在文件里出现了两次",
        "zh-Hant": "{path} 第 {line} 行：第 {deal} 組牌在檔案裡出現了兩次",
    },
    "{path}: its last line was cut short and is dropped": {
        "zh-Hans": "{path}：最后一行没有写完，已舍去",
        "zh-Hant": "{path}：最後一行沒有寫完，已捨去",
    },
    "{path}: {count} deals already played": {
        "zh-Hans": "{path}：已打完 {count} 组牌",
        "zh-Hant": "{path}：已打完 {count} 組牌",
    },
    # The results of zpy arena (cli/arena.py).
    "playing deals": {"zh-Hans": "对战中", "zh-Hant": "對戰中"},
    "{deals} deals × {seatings} seatings = {rounds} rounds (seatings from seat 1: "
    "{order}); ± and [ ] are 95% confidence intervals": {
        "zh-Hans": "{deals} 组牌 × {seatings} 种座次 = {rounds} 局（座次从 1 号位起：{order}）；"
        "± 和 [ ] 是 95% 置信区间",
        "zh-Hant": "{deals} 組牌 × {seatings} 種座次 = {rounds} 局（座次從 1 號位起：{order}）；"
        "± 和 [ ] 是 95% 信賴區間",
    },
    "bot": {"zh-Hans": "机器人", "zh-Hant": "機器人"},
    "score per round": {"zh-Hans": "每局积分", "zh-Hant": "每局積分"},
    "levels per round": {"zh-Hans": "每局升级数", "zh-Hant": "每局升級數"},
    "rounds won": {"zh-Hans": "胜局率", "zh-Hant": "勝局率"},
    "decision p50 (ms)": {
        "zh-Hans": "决策耗时中位数（毫秒）",
        "zh-Hant": "決策耗時中位數（毫秒）",
    },
    "decision p99 (ms)": {
        "zh-Hans": "决策耗时 p99（毫秒）",
        "zh-Hant": "決策耗時 p99（毫秒）",
    },
    # Usage errors found by the parser (cli/usage.py).
    "no such option: {option}": {
        "zh-Hans": "没有这个选项：{option}",
        "zh-Hant": "沒有這個選項：{option}",
    },
    " (did you mean {options}?)": {
        "zh-Hans": "（是不是想用 {options}？）",
        "zh-Hant": "（是不是想用 {options}？）",
    },
    "option {option} takes no value": {
        "zh-Hans": "选项 {option} 不带值",
        "zh-Hant": "選項 {option} 不帶值",
    },
    "option {option} needs a value": {
        "zh-Hans": "选项 {option} 需要一个值",
        "zh-Hant": "選項 {option} 需要一個值",
    },
    "missing argument {name}": {"zh-Hans": "缺少参数 {name}", "zh-Hant": "缺少參數 {name}"},
    "missing option {name}": {"zh-Hans": "缺少选项 {name}", "zh-Hant": "缺少選項 {name}"},
    "invalid value for {option}: expected {expected}": {
        "zh-Hans": "{option} 的值无效：应为{expected}",
        "zh-Hant": "{option} 的值無效：應為{expected}",
    },
    "invalid value for {option}": {
        "zh-Hans": "{option} 的值无效",
        "zh-Hant": "{option} 的值無效",
    },
    "a whole number": {"zh-Hans": "整数", "zh-Hant": "整數"},
    "a number": {"zh-Hans": "数字", "zh-Hant": "數字"},
    "no such command: {name}": {
        "zh-Hans": "没有这个命令：{name}",
        "zh-Hant": "沒有這個命令：{name}",
    },
    " (commands: {names})": {
        "zh-Hans": "（可用的命令：{names}）",
        "zh-Hant": "（可用的命令：{names}）",
    },
    "unexpected extra argument: {args}": {
        "zh-Hans": "多余的参数：{args}",
        "zh-Hant": "多餘的參數：{args}",
    },
    "missing command": {"zh-Hans": "缺少命令", "zh-Hant": "缺少命令"},
    "aborted": {"zh-Hans": "已中止", "zh-Hant": "已中止"},
    # Argument errors found by the commands (cli/main.py).
    "unknown language {value!r}; choose one of: {langs}": {
        "zh-Hans": "未知的语言 {value!r}；可选：{langs}",
        "zh-Hant": "未知的語言 {value!r}；可選：{langs}",
    },
    "option {item!r} is not NAME=VALUE": {
        "zh-Hans": "选项 {item!r} 不是 NAME=VALUE 的形式",
        "zh-Hant": "選項 {item!r} 不是 NAME=VALUE 的形式",
    },
    "unknown bot kind {kind!r}; choose one of: {kinds}": {
        "zh-Hans": "没有 {kind!r} 这种机器人；可选：{kinds}",
        "zh-Hant": "沒有 {kind!r} 這種機器人；可選：{kinds}",
    },
    "--seat must be 1..{last}": {
        "zh-Hans": "--seat 必须在 1 到 {last} 之间",
        "zh-Hant": "--seat 必須在 1 到 {last} 之間",
    },
    "--rounds must be at least 1": {"zh-Hans": "--rounds 至少为 1", "zh-Hant": "--rounds 至少為 1"},
    "--rounds and --match-rounds must be at least 1": {
        "zh-Hans": "--rounds 和 --match-rounds 至少为 1",
        "zh-Hant": "--rounds 和 --match-rounds 至少為 1",
    },
    "--delay must be a number of seconds, 0 or more": {
        "zh-Hans": "--delay 必须是不小于 0 的秒数",
        "zh-Hant": "--delay 必須是不小於 0 的秒數",
    },
    "--bots needs 2 to {players} bots, comma-separated, e.g. heuristic,random": {
        "zh-Hans": "--bots 需要 2 到 {players} 个机器人，用逗号分隔，例如 heuristic,random",
        "zh-Hant": "--bots 需要 2 到 {players} 個機器人，用逗號分隔，例如 heuristic,random",
    },
    "--deals and --jobs must be at least 1": {
        "zh-Hans": "--deals 和 --jobs 至少为 1",
        "zh-Hant": "--deals 和 --jobs 至少為 1",
    },
    "--think must be a number of seconds, 0 or more": {
        "zh-Hans": "--think 必须是不小于 0 的秒数",
        "zh-Hant": "--think 必須是不小於 0 的秒數",
    },
    "--append and --force cannot be used together": {
        "zh-Hans": "--append 和 --force 不能同时使用",
        "zh-Hant": "--append 和 --force 不能同時使用",
    },
    "--append and --force only apply with --record FILE": {
        "zh-Hans": "--append 和 --force 只能与 --record FILE 一起使用",
        "zh-Hant": "--append 和 --force 只能與 --record FILE 一起使用",
    },
    "{problem}: add --append to add the rounds to it, or --force to replace it": {
        "zh-Hans": "{problem}：加 --append 把新的局追加到它后面，或加 --force 替换它",
        "zh-Hant": "{problem}：加 --append 把新的局附加到它後面，或加 --force 取代它",
    },
    "Run the online server: accounts, lobby, rooms and series over HTTP and WebSocket.": {
        "zh-Hans": "运行联网服务器：账号、大厅、房间和连打，经由 HTTP 和 WebSocket。",
        "zh-Hant": "執行連網伺服器：帳號、大廳、房間和連打，經由 HTTP 和 WebSocket。",
    },
    "the address to listen on": {"zh-Hans": "监听的地址", "zh-Hant": "監聽的位址"},
    "the port to listen on": {"zh-Hans": "监听的端口", "zh-Hant": "監聽的連接埠"},
    "the database: any SQLAlchemy URL (default: SQLite in ./data/zhaopengyou.db)": {
        "zh-Hans": "数据库：任意 SQLAlchemy URL（默认：./data/zhaopengyou.db 里的 SQLite）",
        "zh-Hant": "資料庫：任意 SQLAlchemy URL（預設：./data/zhaopengyou.db 裡的 SQLite）",
    },
    "debug, info, warning or error": {
        "zh-Hans": "debug、info、warning 或 error",
        "zh-Hant": "debug、info、warning 或 error",
    },
    "zhaopengyou is running: open {url} in a browser (Ctrl+C stops it)": {
        "zh-Hans": "找朋友已启动：用浏览器打开 {url}（Ctrl+C 停止）",
        "zh-Hant": "找朋友已啟動：用瀏覽器打開 {url}（Ctrl+C 停止）",
    },
    "--port must be 1..65535": {
        "zh-Hans": "--port 必须在 1 到 65535 之间",
        "zh-Hant": "--port 必須在 1 到 65535 之間",
    },
    "--log-level must be debug, info, warning or error": {
        "zh-Hans": "--log-level 必须是 debug、info、warning 或 error",
        "zh-Hant": "--log-level 必須是 debug、info、warning 或 error",
    },
    "the start of every Redis key and stream of the cluster (clusters sharing one "
    "Redis need different prefixes)": {
        "zh-Hans": "集群所有 Redis 键和流的前缀（共用一个 Redis 的几个集群要用不同的前缀）",
        "zh-Hant": "叢集所有 Redis 鍵和串流的前綴（共用一個 Redis 的幾個叢集要用不同的前綴）",
    },
    "how long a process owns a room without renewing: after that another process "
    "takes the room over (default 3)": {
        "zh-Hans": "一个进程不续约时占有房间的秒数：过了这个时间，别的进程接管这个房间（默认 3）",
        "zh-Hant": "一個進程不續約時佔有房間的秒數：過了這個時間，別的進程接管這個房間（預設 3）",
    },
    "join a cluster: every process started with the same PostgreSQL --db and "
    "this Redis (redis://host:port/db) is one card room": {
        "zh-Hans": "加入集群：用同一个 PostgreSQL --db 和这个 Redis（redis://主机:端口/库）"
        "启动的所有进程组成一个牌室",
        "zh-Hant": "加入叢集：用同一個 PostgreSQL --db 和這個 Redis（redis://主機:連接埠/庫）"
        "啟動的所有進程組成一個牌室",
    },
    "--lease must be 0.5 to 300 seconds": {
        "zh-Hans": "--lease 必须在 0.5 到 300 秒之间",
        "zh-Hant": "--lease 必須在 0.5 到 300 秒之間",
    },
    "--redis needs a PostgreSQL database (--db postgresql+asyncpg://…): the "
    "processes of a cluster share it, and SQLite is one process's file": {
        "zh-Hans": "--redis 需要 PostgreSQL 数据库（--db postgresql+asyncpg://…）："
        "集群的进程共用它，而 SQLite 只是一个进程的文件",
        "zh-Hant": "--redis 需要 PostgreSQL 資料庫（--db postgresql+asyncpg://…）："
        "叢集的進程共用它，而 SQLite 只是一個進程的檔案",
    },
    "Run a card room on several server processes behind nginx, on PostgreSQL and Redis.": {
        "zh-Hans": "在 nginx 后面用几个服务器进程运行一个牌室，基于 PostgreSQL 和 Redis。",
        "zh-Hant": "在 nginx 後面用幾個伺服器進程執行一個牌室，基於 PostgreSQL 和 Redis。",
    },
    "how many server processes (default 3)": {
        "zh-Hans": "服务器进程的个数（默认 3）",
        "zh-Hant": "伺服器進程的個數（預設 3）",
    },
    "the address nginx listens on": {"zh-Hans": "nginx 监听的地址", "zh-Hant": "nginx 監聽的位址"},
    "the port nginx listens on": {"zh-Hans": "nginx 监听的端口", "zh-Hant": "nginx 監聽的連接埠"},
    "the PostgreSQL database (made if missing)": {
        "zh-Hans": "PostgreSQL 数据库（没有就新建）",
        "zh-Hant": "PostgreSQL 資料庫（沒有就新建）",
    },
    "the Redis server": {"zh-Hans": "Redis 服务器", "zh-Hant": "Redis 伺服器"},
    "--processes must be 1 to 64": {
        "zh-Hans": "--processes 必须在 1 到 64 之间",
        "zh-Hant": "--processes 必須在 1 到 64 之間",
    },
    "--db must be a PostgreSQL URL (postgresql+asyncpg://…)": {
        "zh-Hans": "--db 必须是 PostgreSQL 的 URL（postgresql+asyncpg://…）",
        "zh-Hant": "--db 必須是 PostgreSQL 的 URL（postgresql+asyncpg://…）",
    },
    "nginx is not installed: apt-get install nginx": {
        "zh-Hans": "没有安装 nginx：apt-get install nginx",
        "zh-Hant": "沒有安裝 nginx：apt-get install nginx",
    },
    "PostgreSQL does not answer at {url}: {error}": {
        "zh-Hans": "{url} 的 PostgreSQL 没有响应：{error}",
        "zh-Hant": "{url} 的 PostgreSQL 沒有回應：{error}",
    },
    "Redis does not answer at {url}: {error}": {
        "zh-Hans": "{url} 的 Redis 没有响应：{error}",
        "zh-Hant": "{url} 的 Redis 沒有回應：{error}",
    },
    "server process {n} did not start: see {log}": {
        "zh-Hans": "服务器进程 {n} 没能启动：见 {log}",
        "zh-Hant": "伺服器進程 {n} 沒能啟動：見 {log}",
    },
    "the server processes did not start in time": {
        "zh-Hans": "服务器进程没有按时启动",
        "zh-Hant": "伺服器進程沒有按時啟動",
    },
    "nginx did not start: {error}": {
        "zh-Hans": "nginx 没能启动：{error}",
        "zh-Hant": "nginx 沒能啟動：{error}",
    },
    "zhaopengyou is running on {n} processes: open {url} in a browser "
    "(logs in {folder}; Ctrl+C stops it)": {
        "zh-Hans": "找朋友已在 {n} 个进程上启动：用浏览器打开 {url}"
        "（日志在 {folder}；Ctrl+C 停止）",
        "zh-Hant": "找朋友已在 {n} 個進程上啟動：用瀏覽器打開 {url}"
        "（日誌在 {folder}；Ctrl+C 停止）",
    },
    "nginx stopped: see {folder}": {
        "zh-Hans": "nginx 停止了：见 {folder}",
        "zh-Hant": "nginx 停止了：見 {folder}",
    },
    "server process {n} stopped (exit status {status}); starting it again": {
        "zh-Hans": "服务器进程 {n} 停止了（退出状态 {status}）；重新启动它",
        "zh-Hant": "伺服器進程 {n} 停止了（結束狀態 {status}）；重新啟動它",
    },
    "stopping the cluster…": {"zh-Hans": "正在停止集群…", "zh-Hant": "正在停止叢集…"},
}
