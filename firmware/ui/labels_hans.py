# What the screens call things in Simplified Chinese (`lang` zh-Hans): labels.py's names
# (that module says what each is for), loaded in its place by UI.labels().

WINDS = "东南西北"
UNITS = {"fan": "番", "tai": "台", "points": "分"}
RULES = {"mcr": "国标", "hk": "港式", "tw": "台湾", "sh": "敲麻", "riichi": "立直"}
HK16 = "16张"
SUITS = ("万", "筒", "索", "字", "花")
HONOURS = "东南西北中发白"
FLOWERS = "春夏秋冬梅兰菊竹"
FLOWER_COUNT = "花%d"
FLOWER_KIND = "花%d一类"   # hk: counted flowers all of one kind
HUA = "花%d"
HINT = "0吃 #碰 ()明 []暗"
FLOWERS_COUNT_HINT = "1-8: how many 花"
FLOWERS_KIND_HINT = "0: 花 all of one kind"    # hk, after the count of 2-4 flowers
FLOWERS_HINT = "1-8 each 花 A-D tiles"
WIN = "和"
SELF = "自摸"
STREAK = "连%d"
HUANG = "荒%d"
CHAIN = "连摸"

WORDS = {
    "last_tile": "海底/河底", "kong_replacement": "杠上", "flower_replacement": "花上",
    "last_of_kind": "绝张", "heavenly": "天胡", "earthly": "地胡", "human": "人胡",
    "ready_declared": "叮/敲/眼牌",
    "ready_immediate": "叮即", "ready_deal_in": "叮铳", "heavenly_ready": "天叮/天敲",
    "earthly_ready": "地叮", "double_win": "双响", "triple_win": "三响",
    "fanxue": "反雪", "fanxue_big": "反雪大", "within_4": "四子", "within_7": "七子",
    "within_10": "十子", "true_last": "真绝",
    "riichi": "立直", "double_riichi": "两立直", "ippatsu": "一发",
}

EVENTS = {
    "win": "和", "draw": "流局", "undo": "撤回", "start": "开局", "flowers": "花和",
    "declare": "眼牌", "streak": "连庄数",
    "ready": "敲", "heavenly_ready": "天敲", "sankou": "三口", "xianggong": "相公",
    "dice": "骰", "fly": "苍蝇", "huang": "荒番",
    "ankan": "暗杠", "chase": "追", "call_four": "四只落地", "dice_triple": "围骰",
    "dice_123": "一二三骰", "caiwu": "彩五", "wrong_kong": "错杠", "ankan_unopened": "暗杠无开",
    "fake_win": "诈糊", "hua": "一台花", "cao": "一台草", "exposed_kong": "大明杠",
    "adjust": "裁判更正",
    "riichi": "立直", "double_riichi": "两立直", "tenpai": "听牌", "chombo": "错和",
    "double_ron": "双响", "end": "终局", "pao": "包牌",
}

FIELDS = {"winner": "winner", "from": "from", "seat": "seat", "a": "seat", "b": "and seat",
          "rank": "rank", "n": "number"}
