# What the screens call things: data, loaded by the screens that show them.

WINDS = "東南西北"
UNITS = {"fan": "番", "tai": "台", "points": "分"}
RULES = {"mcr": "國標", "hk": "港式", "tw": "台灣", "sh": "敲麻", "riichi": "立直"}

# the contract's context words (hand.COMMON_FLAGS) and the rulesets' own
WORDS = {
    "last_tile": "海底/河底", "kong_replacement": "槓上", "flower_replacement": "花上",
    "last_of_kind": "絕張", "heavenly": "天胡", "earthly": "地胡", "human": "人胡",
    "ready_declared": "叮/敲/眼牌",
    "ready_immediate": "叮即", "ready_deal_in": "叮銃", "heavenly_ready": "天叮/天敲",
    "earthly_ready": "地叮", "double_win": "雙響", "triple_win": "三響",
    "fanxue": "反雪", "fanxue_big": "反雪大", "within_4": "四子", "within_7": "七子",
    "within_10": "十子", "true_last": "真絕",
    "riichi": "立直", "double_riichi": "兩立直", "ippatsu": "一發",
}

# table events (docs/table.md and each ruleset's document)
EVENTS = {
    "win": "和", "draw": "流局", "undo": "撤回", "start": "開局", "flowers": "花和",
    "declare": "眼牌", "streak": "連莊數",
    "ready": "敲", "heavenly_ready": "天敲", "sankou": "三口", "xianggong": "相公",
    "dice": "骰", "fly": "苍蝇", "huang": "荒番",
    "ankan": "暗槓", "chase": "追", "call_four": "四隻落地", "dice_triple": "圍骰",
    "dice_123": "一二三骰", "caiwu": "彩五", "wrong_kong": "錯槓", "ankan_unopened": "暗槓無開",
    "fake_win": "詐糊", "hua": "一台花", "cao": "一台草", "exposed_kong": "大明槓",
    "adjust": "裁判更正",           # a director's correction (docs/upload.md)
    "riichi": "立直", "double_riichi": "兩立直", "tenpai": "聽牌", "chombo": "錯和",
    "double_ron": "雙響", "end": "終局",
}

FIELDS = {"winner": "winner", "from": "from", "seat": "seat", "a": "seat", "b": "and seat",
          "rank": "rank", "n": "number"}


def word(w):
    if w.startswith("chain_"):
        return "連摸" + w[6:]
    return WORDS.get(w, w)


def event(name):
    return EVENTS.get(name, name)
