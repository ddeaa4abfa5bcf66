# The settings screen's rows named in each language (the settings file's names:
# docs/settings.md): loaded by the settings screen only, apart from the labels the
# other screens keep loaded.

NAMES = {
    "zh-Hant": {
        "table": "桌號", "rules": "規則", "dealer": "莊家", "lang": "語言", "per_fan": "每番",
        "fake_win": "詐糊", "quanbao": "全包", "draw_streak": "流局連莊", "base": "底",
        "hands": "局數", "require_ready": "必須先聽牌", "sankou_pinghu": "三口平和", "per_tai": "台錢",
        "device": "裝置", "organiser": "主辦方", "wifi": "Wi-Fi",
        "starting_points": "起始點數", "return_points": "返點", "uma_high": "大順位點",
        "uma_low": "小順位點", "honba": "本場", "length": "局長", "leftover_to_first": "供託歸首位",
        "double_ron": "雙響", "red_fives": "赤寶牌", "open_tanyao": "食斷", "kiriage": "切上滿貫",
        "club_rules": "俱樂部規則",
    },
    "zh-Hans": {
        "table": "桌号", "rules": "规则", "dealer": "庄家", "lang": "语言", "per_fan": "每番",
        "fake_win": "诈糊", "quanbao": "全包", "draw_streak": "流局连庄", "base": "底",
        "hands": "局数", "require_ready": "必须先听牌", "sankou_pinghu": "三口平和", "per_tai": "台钱",
        "device": "设备", "organiser": "主办方", "wifi": "Wi-Fi",
        "starting_points": "起始点数", "return_points": "返点", "uma_high": "大顺位点",
        "uma_low": "小顺位点", "honba": "本场", "length": "局长", "leftover_to_first": "供托归首位",
        "double_ron": "双响", "red_fives": "赤宝牌", "open_tanyao": "食断", "kiriage": "切上满贯",
        "club_rules": "俱乐部规则",
    },
    "en": {
        "table": "table", "rules": "rules", "dealer": "dealer", "lang": "language",
        "per_fan": "per fan", "fake_win": "false win", "quanbao": "one pays all",
        "draw_streak": "draw keeps deal", "base": "base", "hands": "hands",
        "require_ready": "ready to win", "sankou_pinghu": "3 calls chicken",
        "per_tai": "per tai", "device": "device", "organiser": "organiser", "wifi": "Wi-Fi",
        "starting_points": "start points", "return_points": "return points",
        "uma_high": "uma 1st/4th", "uma_low": "uma 2nd/3rd", "honba": "honba", "length": "length",
        "leftover_to_first": "sticks to 1st", "double_ron": "double ron", "red_fives": "red fives",
        "open_tanyao": "open tanyao", "kiriage": "kiriage", "club_rules": "club rules",
    },
}


def name(key, lang):
    return NAMES.get(lang, NAMES["zh-Hant"]).get(key, key)
