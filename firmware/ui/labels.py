# What the screens call things in Traditional Chinese (`lang` zh-Hant): data, loaded by
# the screens that show them.  labels_hans.py and labels_en.py hold the same names in
# the other languages (UI.labels() picks the settings' one); the keys' instructions
# ("1-4 win A draw") are English in every language, the terms the players call out
# (吃 碰 自摸 流局) and the tiles are in the settings' language.

WINDS = "東南西北"
UNITS = {"fan": "番", "tai": "台", "points": "分"}
RULES = {"mcr": "國標", "hk": "港式", "tw": "台灣", "sh": "敲麻", "riichi": "立直"}
HK16 = "16張"           # where a referee picks a ruleset: hk is the 16-tile table
SUITS = ("萬", "筒", "索", "字", "花")     # the entry's suit (A B C D, 0 first: flowers)
HONOURS = "東南西北中發白"                  # 1z..7z as the tiles show them
FLOWERS = "春夏秋冬梅蘭菊竹"                # 1f..8f
FLOWER_COUNT = "花%d"   # flowers typed as a count (mcr, hk)
FLOWER_KIND = "花%d一類"   # hk: counted flowers all of one kind
HUA = "花%d"            # sh's 花 in a review row (four cells at most)
HINT = "0吃 #碰 ()明 []暗"                  # the entry's keys: chow, pung, exposed, concealed
FLOWERS_COUNT_HINT = "1-8: how many 花"     # after 0: the flowers' keys
FLOWERS_KIND_HINT = "0: 花 all of one kind"    # hk, after the count of 2-4 flowers
FLOWERS_HINT = "1-8 each 花 A-D tiles"
WIN = "和"
SELF = "自摸"           # the from screen: the winner's own seat
STREAK = "連%d"
HUANG = "荒%d"
CHAIN = "連摸"

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
    "dice": "骰", "fly": "蒼蠅", "huang": "荒番",
    "ankan": "暗槓", "chase": "追", "call_four": "四隻落地", "dice_triple": "圍骰",
    "dice_123": "一二三骰", "caiwu": "彩五", "wrong_kong": "錯槓", "ankan_unopened": "暗槓無開",
    "fake_win": "詐糊", "hua": "一台花", "cao": "一台草", "exposed_kong": "大明槓",
    "adjust": "裁判更正",           # a director's correction (docs/upload.md)
    "riichi": "立直", "double_riichi": "兩立直", "tenpai": "聽牌", "chombo": "錯和",
    "double_ron": "雙響", "end": "終局", "pao": "包牌",
}

FIELDS = {"winner": "winner", "from": "from", "seat": "seat", "a": "seat", "b": "and seat",
          "rank": "rank", "n": "number"}
