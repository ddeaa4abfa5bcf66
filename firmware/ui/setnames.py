# The settings screen's rows named in each language (the settings file's names:
# docs/settings.md): loaded by the settings screen only, apart from the labels the
# other screens keep loaded.  Each name in LANGS' order.

LANGS = ("zh-Hant", "zh-Hans", "en")
NAMES = {
    "table": ("桌號", "桌号", "table"),
    "rules": ("規則", "规则", "rules"),
    "dealer": ("莊家", "庄家", "dealer"),
    "lang": ("語言", "语言", "language"),
    "per_fan": ("每番", "每番", "per fan"),
    "fake_win": ("詐糊", "诈糊", "false win"),
    "quanbao": ("全包", "全包", "one pays all"),
    "draw_streak": ("流局連莊", "流局连庄", "draw keeps deal"),
    "base": ("底", "底", "base"),
    "hands": ("局數", "局数", "hands"),
    "require_ready": ("必須先聽牌", "必须先听牌", "ready to win"),
    "sankou_pinghu": ("三口平和", "三口平和", "3 calls chicken"),
    "per_tai": ("台錢", "台钱", "per tai"),
    "device": ("裝置", "设备", "device"),
    "organiser": ("主辦方", "主办方", "organiser"),
    "wifi": ("Wi-Fi", "Wi-Fi", "Wi-Fi"),
    "starting_points": ("起始點數", "起始点数", "start points"),
    "return_points": ("返點", "返点", "return points"),
    "uma_high": ("大順位點", "大顺位点", "uma 1st/4th"),
    "uma_low": ("小順位點", "小顺位点", "uma 2nd/3rd"),
    "honba": ("本場", "本场", "honba"),
    "length": ("局長", "局长", "length"),
    "leftover_to_first": ("供託歸首位", "供托归首位", "sticks to 1st"),
    "double_ron": ("雙響", "双响", "double ron"),
    "red_fives": ("赤寶牌", "赤宝牌", "red fives"),
    "open_tanyao": ("食斷", "食断", "open tanyao"),
    "kiriage": ("切上滿貫", "切上满贯", "kiriage"),
    "club_rules": ("俱樂部規則", "俱乐部规则", "club rules"),
}


def name(key, lang):
    names = NAMES.get(key)
    if names is None:
        return key
    return names[LANGS.index(lang) if lang in LANGS else 0]
