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
}
_COLUMN = {"zh-Hant": 0, "zh-Hans": 1}


def t(text, lang):
    """text in lang (None or "en": as written)."""
    col = _COLUMN.get(lang)
    got = WORDS.get(text)
    return text if col is None or got is None else got[col]
