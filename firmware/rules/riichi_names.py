# Riichi (riichi): the yaku's names as RCR 2016 spells them (romaji, lower case), one line
# each, "id name".  Not part of the scorer: name() puts them into rules.riichi's items
# once scoring is over (the table session loads this module after the scorer has left
# the heap); the screens' languages are in rules/riichi_en, riichi_hant, riichi_hans.

NAMES = """riichi riichi
double_riichi daburu riichi
ippatsu ippatsu
menzen_tsumo menzen tsumo
pinfu pinfu
iipeikou iipeikou
tanyao tanyao chuu
haku fanpai haku
hatsu fanpai hatsu
chun fanpai chun
seat_wind fanpai seat wind
prevalent_wind fanpai prevalent wind
haitei haitei
houtei houtei
rinshan rinshan kaihou
chankan chan kan
chiitoitsu chii toitsu
sanshoku san shoku doujun
ittsu itsu
chanta chanta
sanshoku_dokou san shoku dokou
toitoi toi-toi hou
sanankou san ankou
sankantsu san kan tsu
shousangen shou sangen
honroutou honroutou
junchan junchan taiyai
ryanpeikou ryan peikou
honitsu honitsu
chinitsu chinitsu
renhou renhou
dora dora
ura_dora ura dora
aka_dora aka dora
kokushi kokushi musou
suuankou suu ankou
daisangen dai sangen
shousuushii shou suushii
daisuushii dai suushii
tsuuiisou tsuu iisou
chinroutou chinroutou
ryuuiisou ryuu iisou
chuuren chuuren poutou
suukantsu suu kantsu
tenhou tenhou
chiihou chiihou
"""


def of(eid):
    """The yaku's name (found in place: no copy of the text)."""
    key = eid + " "
    if NAMES.startswith(key):
        i = len(key)
    else:
        i = NAMES.find("\n" + key)
        if i < 0:
            return eid
        i += len(key) + 1
    return NAMES[i:NAMES.find("\n", i)]


def name(ans):
    """The answer's items named, in place (each {id, name, value, count[, yakuman]})."""
    for it in ans.get("items") or ():
        it["name"] = of(it["id"])
    return ans
