# A refusal's text in the screens' language (UI.refusal): the rulesets' table rules name
# the game's terms in their own script (sh's in Simplified Chinese, hk's and tw's in
# Traditional), and mcr's reason says "fan".  Loaded only to show a refusal, apart from
# the labels the screens keep loaded.

# the characters the two scripts write differently in those texts
HANS = "两为关况变听抢无杠系苍蝇铳门须风飞诈过归"
HANT = "兩為關況變聽搶無槓係蒼蠅銃門須風飛詐過歸"

# in English: the terms replaced, longest first; a quote of the rule text in parentheses
# left out
EN = (
    "苍蝇", "fly", "三口", "three calls", "相公", "dead hand", "抢杠", "robbed kong",
    "牌型", "pattern", "花胡", "flower win", "番子", "honour", "彩五", "colour five",
    "大明槓", "big melded kong", "眼牌", "declaration", "一台花", "flower set",
    "一台草", "season set", "字/风/花", "honour/flower", "听牌", "ready", "敲", "ready",
    "枚", "tiles", "花", "hua",
)


def terms(text, lang):
    if lang == "en":
        return _english(text)
    a, b = (HANT, HANS) if lang == "zh-Hans" else (HANS, HANT)
    out = []
    for ch in text:
        i = a.find(ch)
        out.append(b[i] if i >= 0 else ch)
    return "".join(out).replace(" fan ", "番 ")      # mcr's reason: "6 fan without flowers"


def _english(text):
    out = ""
    while True:             # parentheses holding a Chinese character: the rule's own words
        i = text.find("(")
        j = text.find(")", i)
        if i < 0 or j < 0:
            break
        inner = text[i:j + 1]
        if any(ord(c) > 0x2E7F for c in inner):
            text = text[:i].rstrip(" ") + text[j + 1:]
        else:
            out += text[:j + 1]
            text = text[j + 1:]
    text = out + text
    for k in range(0, len(EN), 2):
        text = text.replace(EN[k], EN[k + 1])
    return text
