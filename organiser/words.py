"""The pages' own words in a visitor's language: the templates are written in English, and
`t(text, lang)` in a template (or here) gives a word's Traditional or Simplified Chinese
from WORDS; a word the table lacks, or no language chosen, stays as written.  The
scoring elements' names come from organiser/elnames.json (organiser/elnames.py)."""

# English: (繁體, 简体)
WORDS = {
    # navigation
    "Standings": ("排名", "排名"), "Tables": ("牌桌", "牌桌"), "Projector": ("投影", "投影"),
    "Exports": ("匯出", "导出"), "Admin": ("管理", "管理"),
    # the projector
    "Teams": ("隊伍", "队伍"), "Team": ("隊伍", "队伍"), "Players": ("選手", "选手"),
    "Player": ("選手", "选手"), "Score": ("分數", "分数"), "Table pts": ("桌分", "桌分"),
    "Table": ("牌桌", "牌桌"), "Hands": ("局數", "局数"), "Dealer": ("莊家", "庄家"),
    "No standings yet.": ("尚無排名。", "尚无排名。"),
    "Waiting for the first hands": ("等候第一局", "等候第一局"),
    # the round clock
    "Round": ("輪次", "轮次"), "not started": ("未開始", "未开始"), "paused": ("暫停", "暂停"),
    "time is up": ("時間到", "时间到"),
    # a table's hand log
    "Hand": ("局", "局"), "Result and elements": ("結果與番種", "结果与番种"),
    "Total": ("合計", "合计"), "Received": ("收到", "收到"),
    "tournament rounds": ("比賽輪次", "比赛轮次"), "round %s": ("第 %s 輪", "第 %s 轮"),
    "Round %s": ("第 %s 輪", "第 %s 轮"), "all rounds": ("所有輪次", "所有轮次"),
    "All rounds": ("所有輪次", "所有轮次"), "No tournament round": ("不屬任何輪次", "不属任何轮次"),
    "device": ("裝置", "设备"), "journal": ("記錄簿", "记录簿"), "Seats:": ("座位：", "座位："),
    "re-seated": ("已改座", "已改座"), "re-seat or move this game": ("改座或移動此場", "改座或移动此场"),
    "undo": ("撤銷", "撤销"), "undone": ("已撤銷", "已撤销"), "corrected": ("已更正", "已更正"),
    "held": ("待裁決", "待裁决"), "device:": ("裝置：", "设备："), "organiser:": ("主辦方：", "主办方："),
    "won on": ("和張", "和张"), "flowers": ("花牌", "花牌"), "correct": ("更正", "更正"),
    "Scores": ("總分", "总分"), "No hands uploaded from this table yet.": ("此桌尚未上傳任何一局。", "此桌尚未上传任何一局。"),
    "%s wins, self-drawn": ("%s 自摸和牌", "%s 自摸和牌"),
    "%s wins on %s's discard": ("%s 和牌，%s 放銃", "%s 和牌，%s 放铳"),
    "Draw": ("流局", "流局"), "%s wins by flowers": ("%s 花和", "%s 花和"),
    "%s wins by flowers from %s": ("%s 花和，%s 支付", "%s 花和，%s 支付"),
    "Undo of record %s": ("撤銷第 %s 筆記錄", "撤销第 %s 笔记录"),
    "voided by %s at %s: %s": ("%s 於 %s 作廢：%s", "%s 于 %s 作废：%s"),
    "settled by %s at %s: %s": ("%s 於 %s 裁定：%s", "%s 于 %s 裁定：%s"),
    "amended by %s at %s: %s": ("%s 於 %s 修改：%s", "%s 于 %s 修改：%s"),
    "corrected by %s at %s: %s": ("%s 於 %s 更正：%s", "%s 于 %s 更正：%s"),
    "disputed: the device's payments are not the organiser's":
        ("有爭議：裝置的支付與主辦方計算的不同", "有争议：设备的支付与主办方计算的不同"),
    "refused by the organiser's table engine": ("主辦方的計分引擎拒絕此局", "主办方的计分引擎拒绝此局"),
    "arrived after its round's grace": ("在該輪寬限時間後才送達", "在该轮宽限时间后才送达"),
    # winds (a seat's, a round's), melds, units
    "E": ("東", "东"), "S": ("南", "南"), "W": ("西", "西"), "N": ("北", "北"),
    "%s round": ("%s風圈", "%s风圈"), "Wind": ("門風", "门风"),
    "chi": ("吃", "吃"), "pon": ("碰", "碰"), "kan": ("明槓", "明杠"), "ankan": ("暗槓", "暗杠"),
    "fan": ("番", "番"), "tai": ("台", "台"), "points": ("分", "分"),
    # the standings
    "%d hand counted": ("已計 %d 局", "已计 %d 局"), "%d hands counted": ("已計 %d 局", "已计 %d 局"),
    "in round %s": ("（第 %s 輪）", "（第 %s 轮）"), "ruleset": ("規則", "规则"),
    "updated": ("更新於", "更新于"), "Games": ("場數", "场数"), "Penalty": ("罰分", "罚分"),
    "No teams yet.": ("尚無隊伍。", "尚无队伍。"), "No players yet.": ("尚無選手。", "尚无选手。"),
    "Tournament round": ("比賽輪次", "比赛轮次"), "(open)": ("（進行中）", "（进行中）"),
    "Show": ("顯示", "显示"), "standings": ("排名", "排名"), "open": ("進行中", "进行中"),
    "closed": ("已結束", "已结束"), "pending": ("未開始", "未开始"),
    # the grid of tables
    "Table %d": ("第 %d 桌", "第 %d 桌"), "table %d": ("第 %d 桌", "第 %d 桌"),
    "all tables": ("所有牌桌", "所有牌桌"),
    "No tournament round open": ("沒有進行中的輪次", "没有进行中的轮次"),
    "%d tables": ("%d 桌", "%d 桌"), "%d flagged": ("%d 桌有標記", "%d 桌有标记"),
    "a table is flagged %s when records from it wait behind one that has not arrived, %s when nothing came for %s while its round is open":
        ("牌桌標記說明：「%s」表示其記錄在等候一筆尚未送達的記錄；「%s」表示輪次進行中而 %s 內沒有收到任何訊息",
         "牌桌标记说明：「%s」表示其记录在等候一笔尚未送达的记录；「%s」表示轮次进行中而 %s 内没有收到任何讯息"),
    "stuck": ("卡住", "卡住"), "no sync": ("未同步", "未同步"), "finished": ("已完場", "已完场"),
    "no device": ("無裝置", "无设备"), "disputed": ("有爭議", "有争议"),
    "streak %s": ("連莊 %s", "连庄 %s"), "Upload": ("上傳", "上传"), "never": ("從未", "从未"),
    "%d held for the director": ("%d 局待裁判裁決", "%d 局待裁判裁决"),
    "build": ("版本", "版本"), "data": ("資料", "数据"), "revoked": ("已停用", "已停用"),
    "No tables yet: the director adds them under Admin → Event.":
        ("尚無牌桌：由裁判長在「管理 → 賽事」中加入。", "尚无牌桌：由裁判长在「管理 → 赛事」中加入。"),
    "%d s ago": ("%d 秒前", "%d 秒前"), "%d min ago": ("%d 分鐘前", "%d 分钟前"),
    "%d h %02d min ago": ("%d 小時 %02d 分鐘前", "%d 小时 %02d 分钟前"),
    "%d min": ("%d 分鐘", "%d 分钟"), "%d s": ("%d 秒", "%d 秒"),
    "live": ("即時", "实时"), "reconnecting": ("重新連線中", "重新连接中"),
    "connecting": ("連線中", "连接中"),
    # a player's page
    "EMA no.": ("EMA 編號", "EMA 编号"), "Rank": ("名次", "名次"), "score": ("分數", "分数"),
    "table points": ("桌分", "桌分"), "%d game": ("%d 場", "%d 场"), "%d games": ("%d 場", "%d 场"),
    "%d hand": ("%d 局", "%d 局"), "%d hands": ("%d 局", "%d 局"),
    "Statistics": ("統計", "统计"), "Wins": ("和牌", "和牌"), "Self-drawn": ("自摸", "自摸"),
    "Deal-ins": ("放銃", "放铳"), "Draws": ("流局", "流局"), "Average hand": ("平均和牌值", "平均和牌值"),
    "Largest hand": ("最大和牌值", "最大和牌值"), "no round": ("不屬任何輪次", "不属任何轮次"),
    "Hands in %s, as the organiser's own engine scored them; a hand held for the director counts once settled.":
        ("以%s計，依主辦方計分引擎的結果；待裁判裁決的一局，裁決後才計入。",
         "以%s计，依主办方计分引擎的结果；待裁判裁决的一局，裁决后才计入。"),
    # the exports
    "Every hand that counts (as uploaded, with the director's corrections and who made them) and the standings: CSV for a spreadsheet, JSON for a program.":
        ("每一局有效的牌（按上傳內容，附裁判長的更正及更正者）及排名：CSV 供試算表使用，JSON 供程式使用。",
         "每一局有效的牌（按上传内容，附裁判长的更正及更正者）及排名：CSV 供电子表使用，JSON 供程序使用。"),
    "To print": ("列印", "打印"), "seating": ("座位表", "座位表"),
    "blank table score sheets": ("空白計分表", "空白计分表"), "results": ("成績", "成绩"),
    "Results of all rounds": ("所有輪次的成績", "所有轮次的成绩"),
    "Whole event": ("整個賽事", "整个赛事"),
    "Every hand · CSV": ("每一局 · CSV", "每一局 · CSV"), "Every hand · JSON": ("每一局 · JSON", "每一局 · JSON"),
    "Player standings · CSV": ("選手排名 · CSV", "选手排名 · CSV"),
    "Team standings · CSV": ("隊伍排名 · CSV", "队伍排名 · CSV"),
    "Standings · JSON": ("排名 · JSON", "排名 · JSON"), "EMA results · CSV": ("EMA 成績 · CSV", "EMA 成绩 · CSV"),
    # the print pages
    "print this page with your browser (Ctrl+P): A4, one sheet a page":
        ("用瀏覽器列印此頁（Ctrl+P）：A4 紙，每頁一張", "用浏览器打印此页（Ctrl+P）：A4 纸，每页一张"),
    "print this page with your browser (Ctrl+P): A4, one sheet a list":
        ("用瀏覽器列印此頁（Ctrl+P）：A4 紙，每表一張", "用浏览器打印此页（Ctrl+P）：A4 纸，每表一张"),
    "print this page with your browser (Ctrl+P): A4, one sheet a table":
        ("用瀏覽器列印此頁（Ctrl+P）：A4 紙，每桌一張", "用浏览器打印此页（Ctrl+P）：A4 纸，每桌一张"),
    "Results": ("成績", "成绩"), "Results · round %d": ("成績 · 第 %d 輪", "成绩 · 第 %d 轮"),
    "Table points": ("桌分", "桌分"), "Seating": ("座位表", "座位表"),
    "Seating · round %d": ("座位表 · 第 %d 輪", "座位表 · 第 %d 轮"),
    "Score sheets · round %d": ("計分表 · 第 %d 輪", "计分表 · 第 %d 轮"),
    "by table": ("按牌桌", "按牌桌"), "by player": ("按選手", "按选手"),
    "This round has no seating yet.": ("本輪尚未編排座位。", "本轮尚未编排座位。"),
    "Seat 1 (East) deals the first hand; seats follow in playing order.":
        ("1 號位（東）為第一局莊家；座位依出牌順序排列。", "1 号位（东）为第一局庄家；座位依出牌顺序排列。"),
    "Seat": ("座位", "座位"), "Score sheet": ("計分表", "计分表"),
    "for when the table's device fails: the referee keys these hands in later":
        ("供此桌裝置故障時使用：由裁判稍後輸入這些牌局", "供此桌设备故障时使用：由裁判稍后输入这些牌局"),
    "Winner": ("和牌者", "和牌者"), "From": ("放銃者", "放铳者"),
    "(blank: self-drawn)": ("（空白：自摸）", "（空白：自摸）"), "Initials": ("簡簽", "简签"),
    "Totals": ("總計", "总计"), "Signatures": ("簽名", "签名"),
    # the director's pages
    "Event": ("賽事", "赛事"), "Rounds & seating": ("輪次與座位", "轮次与座位"),
    "Round clock": ("輪次計時", "轮次计时"), "Devices": ("裝置", "设备"),
    "Corrections": ("更正", "更正"), "Penalties": ("罰分", "罚分"),
    "Refused requests": ("被拒請求", "被拒请求"), "Director login": ("裁判長登入", "裁判长登录"),
    "Event setup": ("賽事設定", "赛事设定"), "Tournament rounds": ("比賽輪次", "比赛轮次"),
    "Seating of round %d": ("第 %d 輪座位", "第 %d 轮座位"), "Device registered": ("裝置已登記", "设备已登记"),
    "New device secret": ("新裝置密鑰", "新设备密钥"), "Correct a hand": ("更正一局", "更正一局"),
    "Logged in as": ("登入身分：", "登录身份："), "Log out": ("登出", "登出"),
    "%d table flagged": ("%d 桌有標記", "%d 桌有标记"), "%d tables flagged": ("%d 桌有標記", "%d 桌有标记"),
    "%d refused request in the last hour": ("過去一小時 %d 個請求被拒", "过去一小时 %d 个请求被拒"),
    "%d refused requests in the last hour": ("過去一小時 %d 個請求被拒", "过去一小时 %d 个请求被拒"),
    # corrections
    "A correction is added beside the uploaded hand, never over it: the latest correction of a hand or a game stands, and every one stays listed below with who made it, when and why.":
        ("更正附加在上傳的一局旁邊，從不覆蓋原記錄：一局或一場以最新的更正為準，每次更正都列在下方，附更正者、時間及原因。",
         "更正附加在上传的一局旁边，从不覆盖原记录：一局或一场以最新的更正为准，每次更正都列在下方，附更正者、时间及原因。"),
    "Held by the organiser": ("主辦方暫扣", "主办方暂扣"),
    "The organiser scores every hand again with its own table engine. A hand whose uploaded payments differ from its own, that its engine refuses, or that came after its round's grace counts for nothing until you accept one version here or correct the hand (its payments, a void, or the event itself through the API); the hands after it are scored again.":
        ("主辦方以自己的計分引擎重算每一局。上傳的支付與引擎結果不同、引擎拒絕、或在該輪寬限時間後才送達的一局，在您於此接受其中一個版本或更正此局（支付、作廢，或經 API 更正事件本身）之前，一概不計；其後各局將重新計分。",
         "主办方以自己的计分引擎重算每一局。上传的支付与引擎结果不同、引擎拒绝、或在该轮宽限时间后才送达的一局，在您于此接受其中一个版本或更正此局（支付、作废，或经 API 更正事件本身）之前，一概不计；其后各局将重新计分。"),
    "Why held": ("暫扣原因", "暂扣原因"), "Device": ("裝置", "设备"), "Organiser": ("主辦方", "主办方"),
    "Settle": ("裁定", "裁定"), "why": ("原因", "原因"), "Why": ("原因", "原因"),
    "Accept the organiser's": ("採用主辦方的", "采用主办方的"), "Accept the device's": ("採用裝置的", "采用设备的"),
    "Nothing held: every hand uploaded is scored as the organiser scores it.":
        ("沒有暫扣：每一局上傳的結果都與主辦方的計分相同。", "没有暂扣：每一局上传的结果都与主办方的计分相同。"),
    "Correct a hand named by table, round, game and hand number": ("按桌號、輪次、場次及局號更正一局", "按桌号、轮次、场次及局号更正一局"),
    "(its tiles, winner, discarder or payments).": ("（牌、和牌者、放銃者或支付）。", "（牌、和牌者、放铳者或支付）。"),
    "A hand's payments": ("一局的支付", "一局的支付"),
    "Hand (device/journal/seq; the hand log's \"correct\" link fills it in)":
        ("局（裝置/記錄簿/序號；牌局記錄的「更正」連結會自動填入）", "局（设备/记录簿/序号；牌局记录的「更正」链接会自动填入）"),
    "Seat %d": ("座位 %d", "座位 %d"), "seat %d": ("座位 %d", "座位 %d"),
    "Void the hand (it counts for nothing)": ("作廢此局（一概不計）", "作废此局（一概不计）"),
    "Record the correction": ("記錄更正", "记录更正"), "Re-seat a game": ("一場改座", "一场改座"),
    "The players sat at other seats than the seating said: name who really sat at each seat; the game's hands move to them and the standings follow at once.":
        ("選手未按座位表就座：請填寫每個座位實際的選手；此場各局隨之轉給他們，排名即時更新。",
         "选手未按座位表就座：请填写每个座位实际的选手；此场各局随之转给他们，排名实时更新。"),
    "Game": ("場次", "场次"), "Re-seat": ("改座", "改座"), "Move a game": ("移動一場", "移动一场"),
    "Move": ("移動", "移动"), "Every correction": ("所有更正", "所有更正"), "When": ("時間", "时间"),
    "Who": ("更正者", "更正者"), "What": ("類別", "类别"), "Target": ("對象", "对象"), "Data": ("資料", "数据"),
    "No corrections.": ("沒有更正。", "没有更正。"),
    "payments": ("支付", "支付"), "void": ("作廢", "作废"), "reseat": ("改座", "改座"),
    "session": ("移動", "移动"), "accept": ("裁定", "裁定"), "event": ("修改", "修改"),
    "ok": ("正常", "正常"), "refused": ("被拒", "被拒"), "late": ("逾時", "逾时"),
    # correcting a hand
    "corrections": ("更正", "更正"), "Find the hand": ("尋找此局", "寻找此局"),
    "hand numbers restart with each game": ("局號每場重新起算", "局号每场重新起算"),
    "game %s": ("第 %s 場", "第 %s 场"), "hand %s": ("第 %s 局", "第 %s 局"),
    "%s by %s": ("%s，由 %s 作出", "%s，由 %s 作出"), "Payments now": ("目前支付", "目前支付"),
    "The hand as it was": ("此局的實際牌面", "此局的实际牌面"),
    "Its tiles, winner or discarder: the organiser scores and settles it again with the table engine, and the hands after it.":
        ("牌、和牌者或放銃者：主辦方以計分引擎重新計分及結算此局及其後各局。",
         "牌、和牌者或放铳者：主办方以计分引擎重新计分及结算此局及其后各局。"),
    "Result": ("結果", "结果"), "a win": ("和牌", "和牌"), "a draw": ("流局", "流局"),
    "Discarder": ("放銃者", "放铳者"), "nobody: self-drawn": ("無：自摸", "无：自摸"),
    "Concealed tiles, without the winning tile (e.g. 123m456p77z)": ("手牌，不含和張（例：123m456p77z）", "手牌，不含和张（例：123m456p77z）"),
    "Melds, one a line (chi 123m, pon 555p, kan 7777s, ankan 1111z)":
        ("副露，每行一組（chi 123m 吃、pon 555p 碰、kan 7777s 明槓、ankan 1111z 暗槓）",
         "副露，每行一组（chi 123m 吃、pon 555p 碰、kan 7777s 明杠、ankan 1111z 暗杠）"),
    "Winning tile": ("和張", "和张"), "Flowers (e.g. 1f6f)": ("花牌（例：1f6f）", "花牌（例：1f6f）"),
    "Context words (last_tile, kong_replacement, ...)": ("和牌情況（last_tile、kong_replacement 等）", "和牌情况（last_tile、kong_replacement 等）"),
    "Score the hand again": ("重新計分", "重新计分"), "Its payments": ("此局的支付", "此局的支付"),
    "Set what each seat is paid (negative: pays), or void the hand.": ("設定每個座位所得（負數：支付），或作廢此局。", "设定每个座位所得（负数：支付），或作废此局。"),
    "Record the payments": ("記錄支付", "记录支付"),
    "(%s)": ("（%s）", "（%s）"),
    # the director's messages after a form
    "too many attempts: wait %d s and try again": ("嘗試次數過多：請等 %d 秒後再試", "尝试次数过多：请等 %d 秒后再试"),
    "wrong name or password": ("名稱或密碼錯誤", "名称或密码错误"), "event saved": ("賽事已儲存", "赛事已保存"),
    "%d team(s) added": ("已加入 %d 隊", "已加入 %d 队"), "%d player(s) added": ("已加入 %d 名選手", "已加入 %d 名选手"),
    "player updated": ("選手資料已更新", "选手资料已更新"), "table(s) %d–%d added": ("已加入第 %d–%d 桌", "已加入第 %d–%d 桌"),
    "late uploads count for %d s after a round closes": ("每輪結束後 %d 秒內的遲交上傳仍然計算", "每轮结束后 %d 秒内的迟交上传仍然计算"),
    "%d round(s) added": ("已加入 %d 輪", "已加入 %d 轮"), "round opened": ("此輪已開始", "此轮已开始"),
    "round closed": ("此輪已結束", "此轮已结束"), "no such round": ("沒有這一輪", "没有这一轮"),
    "seating generated: %d pair(s) meet more than once, %d teammate pair(s) share a table":
        ("座位已產生：%d 對選手相遇多於一次，%d 對隊友同桌", "座位已产生：%d 对选手相遇多于一次，%d 对队友同桌"),
    "table %d seated by hand": ("第 %d 桌已手動編排", "第 %d 桌已手动编排"),
    "table(s) %s re-seated; their hands moved with the players": ("第 %s 桌已改座；牌局隨選手移動", "第 %s 桌已改座；牌局随选手移动"),
    "table %d locked": ("第 %d 桌已鎖定", "第 %d 桌已锁定"), "table %d unlocked": ("第 %d 桌已解鎖", "第 %d 桌已解锁"),
    "device %s restored": ("裝置 %s 已恢復", "设备 %s 已恢复"), "device %s revoked": ("裝置 %s 已停用", "设备 %s 已停用"),
    "device %s moved": ("裝置 %s 已移動", "设备 %s 已移动"), "correction of %s recorded": ("%s 的更正已記錄", "%s 的更正已记录"),
    "recorded, but the organiser's engine refuses the hand as corrected (%s): it counts for nothing until corrected again":
        ("已記錄，但主辦方的計分引擎拒絕更正後的此局（%s）：再次更正前一概不計", "已记录，但主办方的计分引擎拒绝更正后的此局（%s）：再次更正前一概不计"),
    "hand re-scored: %s %s, payments %s": ("此局已重新計分：%s %s，支付 %s", "此局已重新计分：%s %s，支付 %s"),
    "%s: the device's version counts": ("%s：以裝置的版本為準", "%s：以设备的版本为准"),
    "%s: the organiser's version counts": ("%s：以主辦方的版本為準", "%s：以主办方的版本为准"),
    "game %d re-seated; standings recomputed": ("第 %d 場已改座；排名已重新計算", "第 %d 场已改座；排名已重新计算"),
    "game %d moved": ("第 %d 場已移動", "第 %d 场已移动"), "penalty recorded": ("罰分已記錄", "罚分已记录"),
    "round length saved (the next clock started uses it)": ("每輪時長已儲存（下次開始計時時生效）", "每轮时长已保存（下次开始计时时生效）"),
    "clock: %s, %s left": ("計時：%s，剩餘 %s", "计时：%s，剩余 %s"),
    "running": ("計時中", "计时中"), "ready": ("敲", "敲"),
    # the rulesets' own table events in a hand log (firmware/ui/labels.py EVENTS), their fields
    "declare": ("眼牌", "眼牌"), "streak": ("連莊數", "连庄数"), "heavenly_ready": ("天敲", "天敲"),
    "sankou": ("三口", "三口"), "xianggong": ("相公", "相公"), "dice": ("骰", "骰"),
    "fly": ("蒼蠅", "苍蝇"), "huang": ("荒番", "荒番"), "chase": ("追", "追"),
    "call_four": ("四隻落地", "四只落地"), "dice_triple": ("圍骰", "围骰"),
    "dice_123": ("一二三骰", "一二三骰"), "caiwu": ("彩五", "彩五"), "wrong_kong": ("錯槓", "错杠"),
    "ankan_unopened": ("暗槓無開", "暗杠无开"), "fake_win": ("詐糊", "诈糊"), "hua": ("一台花", "一台花"),
    "cao": ("一台草", "一台草"), "exposed_kong": ("大明槓", "大明杠"),
    "seat": ("座位", "座位"), "winner": ("和牌者", "和牌者"), "from": ("放銃者", "放铳者"),
    "payer": ("支付者", "支付者"), "by_seat": ("座位", "座位"), "a": ("座位", "座位"),
    "b": ("及座位", "及座位"), "rank": ("名次", "名次"), "n": ("數目", "数目"),
    # the round clock
    "The open round's clock. Devices pull it with their seating (every minute at most) and show the time left; the projector shows it large. At zero each table may finish the hand in play; after it the device refuses new hands unless the referee overrides.":
        ("進行中輪次的計時。裝置隨座位一併取得（最多每分鐘一次）並顯示剩餘時間；投影畫面以大字顯示。時間到時，各桌可打完進行中的一局；之後裝置拒絕新的一局，除非裁判准許。",
         "进行中轮次的计时。设备随座位一并取得（最多每分钟一次）并显示剩余时间；投影画面以大字显示。时间到时，各桌可打完进行中的一局；之后设备拒绝新的一局，除非裁判准许。"),
    "Start": ("開始", "开始"), "Resume": ("繼續", "继续"), "Pause": ("暫停", "暂停"),
    "Extend by (minutes)": ("延長（分鐘）", "延长（分钟）"), "Extend": ("延長", "延长"),
    "End now": ("立即結束", "立即结束"), "No round is open:": ("沒有進行中的輪次：", "没有进行中的轮次："),
    "open one first": ("請先開始一輪", "请先开始一轮"), "Round length": ("每輪時長", "每轮时长"),
    "Minutes": ("分鐘", "分钟"), "Save": ("儲存", "保存"),
    # a device registered
    "Device %s registered for table %s": ("裝置 %s 已登記於第 %s 桌", "设备 %s 已登记于第 %s 桌"),
    "Device %s registered": ("裝置 %s 已登記", "设备 %s 已登记"),
    "The secret is shown this once: copy it into the device's settings now. If it is lost, register the device again.":
        ("密鑰只顯示這一次：請立即複製到裝置的設定中。若遺失，請重新登記裝置。",
         "密钥只显示这一次：请立即复制到设备的设定中。若遗失，请重新登记设备。"),
    "Device id:": ("裝置編號：", "设备编号："), "Secret:": ("密鑰：", "密钥："),
    "The device's settings file entries (its organiser entry is this server as your browser reaches it: give the address the devices reach it at on the venue network, e.g. %s):":
        ("裝置設定檔的內容（其中 organiser 是您的瀏覽器連到本伺服器的位址：請改為裝置在場地網絡上連到它的位址，例如 %s）：",
         "设备设定档的内容（其中 organiser 是您的浏览器连到本服务器的地址：请改为设备在场地网络上连到它的地址，例如 %s）："),
    "Deploy a board on this computer's USB port with these settings (saved as registration.json; PORT is the board's serial port), in the firmware's checkout:":
        ("在韌體的原始碼目錄中，以這些設定（存為 registration.json；PORT 為板子的序列埠）部署本電腦 USB 埠上的板子：",
         "在固件的源代码目录中，以这些设定（存为 registration.json；PORT 为板子的串行口）部署本电脑 USB 口上的板子："),
    "Done": ("完成", "完成"),
    # devices
    "Register each table's device once: it gets an id and its own secret (shown once, on the next page), which go into the device's settings with this organiser's address. The device signs every upload and seating request with its secret.":
        ("每桌的裝置登記一次：它會得到編號及專屬密鑰（只在下一頁顯示一次），連同本主辦方的位址寫入裝置設定。裝置以密鑰簽署每次上傳及座位請求。",
         "每桌的设备登记一次：它会得到编号及专属密钥（只在下一页显示一次），连同本主办方的地址写入设备设定。设备以密钥签署每次上传及座位请求。"),
    "none yet": ("尚無", "尚无"), "Label": ("標籤", "标签"), "e.g. case 7, blue": ("例：7 號盒、藍色", "例：7 号盒、蓝色"),
    "Register a device": ("登記裝置", "登记设备"), "Journals": ("記錄簿", "记录簿"),
    "Records held": ("已存記錄", "已存记录"), "Last upload": ("最後上傳", "最后上传"),
    "Registered": ("登記時間", "登记时间"), "Build · data": ("版本 · 資料", "版本 · 数据"),
    "table of %s": ("%s 的牌桌", "%s 的牌桌"), "Restore": ("恢復", "恢复"), "Revoke": ("停用", "停用"),
    "New secret": ("新密鑰", "新密钥"), "No devices yet.": ("尚無裝置。", "尚无设备。"),
    # the event
    "Event name": ("賽事名稱", "赛事名称"), "Ruleset": ("規則", "规则"),
    "Chinese Official (MCR, 81 fan)": ("國標麻將（MCR，81 番）", "国标麻将（MCR，81 番）"),
    "Hong Kong 16-tile (Cloud Dragon Cup table)": ("香港十六張（雲龍盃計分表）", "香港十六张（云龙杯计分表）"),
    "Taiwanese 16-tile": ("台灣十六張", "台湾十六张"), "Shanghai 敲麻": ("上海敲麻", "上海敲麻"),
    "Table settings of the ruleset (JSON, documented in:": ("規則的牌桌設定（JSON，說明見：", "规则的牌桌设定（JSON，说明见："),
    "The devices' language (the scoring elements on their review screens; each device takes it with its next seating pull)":
        ("裝置的語言（核對畫面上的番種名稱；各裝置在下次取得座位時套用）", "设备的语言（核对画面上的番种名称；各设备在下次取得座位时套用）"),
    "each device its own (its settings screen)": ("各裝置自行設定（其設定畫面）", "各设备自行设定（其设定画面）"),
    "Hands per tournament round (empty: the director closes each round)": ("每輪局數（空白：由裁判長結束每輪）", "每轮局数（空白：由裁判长结束每轮）"),
    "Seat teammates apart when generating seatings": ("編排座位時分開隊友", "编排座位时分开队友"),
    "Save the event": ("儲存賽事", "保存赛事"), "Teams (%d)": ("隊伍（%d）", "队伍（%d）"),
    "%d players": ("%d 名選手", "%d 名选手"), "New teams, one name a line": ("新隊伍，每行一個名稱", "新队伍，每行一个名称"),
    "Add teams": ("加入隊伍", "加入队伍"), "Tables (%d)": ("牌桌（%d）", "牌桌（%d）"),
    "From table": ("由第幾桌", "由第几桌"), "to": ("至", "至"), "Add tables": ("加入牌桌", "加入牌桌"),
    "Players (%d)": ("選手（%d）", "选手（%d）"), "no team": ("無隊伍", "无队伍"),
    "New players, one a line: a name, or name; EMA number; country": ("新選手，每行一位：姓名，或 姓名; EMA 編號; 國家", "新选手，每行一位：姓名，或 姓名; EMA 编号; 国家"),
    "Anna Schmidt; 05010001; DEU": ("陳大文; 05010001; HKG", "陈大文; 05010001; HKG"),
    "Add players": ("加入選手", "加入选手"),
    "Association (EMA number, country, last and first name)": ("協會資料（EMA 編號、國家、姓、名）", "协会资料（EMA 编号、国家、姓、名）"),
    "In seatings": ("參與編排", "参与编排"), "EMA number of %s": ("%s 的 EMA 編號", "%s 的 EMA 编号"),
    "country of %s": ("%s 的國家", "%s 的国家"), "last name": ("姓", "姓"), "last name of %s": ("%s 的姓", "%s 的姓"),
    "first name": ("名", "名"), "first name of %s": ("%s 的名", "%s 的名"),
    "yes · withdraw": ("是 · 退出", "是 · 退出"), "no · restore": ("否 · 恢復", "否 · 恢复"),
    # the director's login
    "Name": ("名稱", "名称"), "Password": ("密碼", "密码"), "Log in": ("登入", "登录"),
    "The first run of the organiser prints the director's password; this command changes it:":
        ("主辦系統首次執行時會印出裁判長的密碼；以此指令更改：", "主办系统首次执行时会印出裁判长的密码；以此指令更改："),
    # penalties
    "Penalties are kept apart from the hands and added to the player's (and so the team's) score.":
        ("罰分與牌局分開記錄，計入選手（及其隊伍）的分數。", "罚分与牌局分开记录，计入选手（及其队伍）的分数。"),
    "Points": ("分數", "分数"), "Record": ("記錄", "记录"), "No penalties.": ("沒有罰分。", "没有罚分。"),
    # refused requests
    "Every request the device API refused (nothing of it was stored): %d in all": ("裝置 API 拒絕的每個請求（均未儲存）：共 %d 個", "设备 API 拒绝的每个请求（均未保存）：共 %d 个"),
    ", the latest %d shown": ("，顯示最近 %d 個", "，显示最近 %d 个"),
    "Status": ("狀態", "状态"), "Error": ("錯誤", "错误"), "Journal": ("記錄簿", "记录簿"), "Seq": ("序號", "序号"),
    "Bytes": ("位元組", "字节数"), "Detail": ("詳情", "详情"), "Nothing refused.": ("沒有被拒的請求。", "没有被拒的请求。"),
    # rounds and seating
    "A tournament round is one sitting of every table. Generate or enter its seating, then open it: devices pull their table's players for the open round. One round is open at a time.":
        ("一輪比賽是所有牌桌的一次對局。先產生或輸入座位，再開始此輪：裝置取得本桌在進行中輪次的選手。同一時間只有一輪進行。",
         "一轮比赛是所有牌桌的一次对局。先产生或输入座位，再开始此轮：设备取得本桌在进行中轮次的选手。同一时间只有一轮进行。"),
    "Opened": ("開始", "开始"), "Closed": ("結束", "结束"), "Late uploads count until": ("遲交上傳計至", "迟交上传计至"),
    "%d table seated": ("已編排 %d 桌", "已编排 %d 桌"), "%d tables seated": ("已編排 %d 桌", "已编排 %d 桌"),
    "print": ("列印", "打印"), "score sheets": ("計分表", "计分表"), "Reopen": ("重新開始", "重新开始"),
    "Open": ("開始", "开始"), "Close": ("結束", "结束"), "No rounds yet.": ("尚無輪次。", "尚无轮次。"),
    "Add rounds": ("加入輪次", "加入轮次"), "Add": ("加入", "加入"), "Late uploads": ("遲交上傳", "迟交上传"),
    "A device that was out of reach, or a hand finished after time: its records still count for this long after their round closed. Later ones are held for you on the corrections page.":
        ("裝置曾無法連線，或一局在時間到後才打完：其記錄在該輪結束後的這段時間內仍然計算。更遲的記錄會暫扣在更正頁，由您處理。",
         "设备曾无法连线，或一局在时间到后才打完：其记录在该轮结束后的这段时间内仍然计算。更迟的记录会暂扣在更正页，由您处理。"),
    "Grace after a round closes, in seconds": ("每輪結束後的寬限時間（秒）", "每轮结束后的宽限时间（秒）"),
    "now %d s": ("目前 %d 秒", "目前 %d 秒"), "%s min": ("%s 分鐘", "%s 分钟"),
    "%d pair of players meet more than once up to this round": ("至本輪有 %d 對選手相遇多於一次", "至本轮有 %d 对选手相遇多于一次"),
    "%d pairs of players meet more than once up to this round": ("至本輪有 %d 對選手相遇多於一次", "至本轮有 %d 对选手相遇多于一次"),
    "most meetings of one pair: %d": ("同一對最多相遇 %d 次", "同一对最多相遇 %d 次"),
    "%d teammate pair share a table": ("%d 對隊友同桌", "%d 对队友同桌"),
    "%d teammate pairs share a table": ("%d 對隊友同桌", "%d 对队友同桌"),
    "Not valid:": ("無效：", "无效："), "valid": ("有效", "有效"),
    "This round is open: regenerating moves the games already played to other players. Go on?":
        ("此輪進行中：重新產生座位會把已打的牌局移給其他選手。確定繼續？", "此轮进行中：重新产生座位会把已打的牌局移给其他选手。确定继续？"),
    "Regenerate the seating": ("重新產生座位", "重新产生座位"), "Generate the seating": ("產生座位", "产生座位"),
    "minimises the pairs who meet more than once; locked tables keep their players": ("盡量減少重複相遇的選手；已鎖定的牌桌保留其選手", "尽量减少重复相遇的选手；已锁定的牌桌保留其选手"),
    "Lock": ("鎖定", "锁定"), "by hand": ("手動", "手动"),
    "%d hand played": ("已打 %d 局", "已打 %d 局"), "%d hands played": ("已打 %d 局", "已打 %d 局"),
    "table %d seat %d": ("第 %d 桌座位 %d", "第 %d 桌座位 %d"), "Save table %d": ("儲存第 %d 桌", "保存第 %d 桌"),
    "locked": ("已鎖定", "已锁定"), "lock": ("鎖定", "锁定"),
    "Re-seat tables that have played": ("已開局牌桌改座", "已开局牌桌改座"),
    "Players found at the wrong seats (or at each other's tables): change their seats above, on every table concerned, and give the reason. The hands already played there move to the players who really sat there, and the standings follow at once.":
        ("選手坐錯座位（或坐到別桌）：在上方相關的每一桌改正座位並填寫原因。已打的牌局移給實際就座的選手，排名即時更新。",
         "选手坐错座位（或坐到别桌）：在上方相关的每一桌改正座位并填写原因。已打的牌局移给实际就座的选手，排名实时更新。"),
}
_COLUMN = {"zh-Hant": 0, "zh-Hans": 1}


def t(text, lang):
    """text in lang (None or "en": as written); a stored value that is not text (a page
    may pass one it read) is shown as it is."""
    col = _COLUMN.get(lang)
    got = WORDS.get(text) if isinstance(text, str) else None
    return text if col is None or got is None else got[col]


def say(text, lang, *args):
    """t(text, lang) with args put in (%-style); args that do not fit the words (a stored
    value of another type) are shown after them rather than break the page."""
    words = t(text, lang)
    if not args:
        return words
    try:
        return words % args
    except (TypeError, ValueError):
        return " ".join([str(words)] + [str(a) for a in args])
