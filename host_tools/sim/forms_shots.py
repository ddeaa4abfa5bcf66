"""Pictures of the director's forms in Chromium (docs/director.md, "Paper sheets" and
"A hand typed as the device shows it"), in English and both Chinese scripts: a Chinese
Official demo event (host_tools.sim.organiser_demo, round 1 seated and open), a paper
sheet entered through its form (two hands scored, then a wrong hand refused with the
ruleset's reason), the sheets' list, the hand log naming the sheet's game, the
correction form of one of its hands (the device's notation and words), the payments form
with its list of hands, and the event form with a field per table setting (Hong Kong's
chosen, unsaved: numbers and on/off boxes).

    python -m host_tools.sim.forms_shots [--out docs/img]
"""

import os

from host_tools.sim import organiser_demo as demo, pageshots

PASSWORD = "screenshots"
LANGS = ("en", "zh-Hant", "zh-Hans")
# (winner, from, tiles, flowers): the sheet's hands as a referee wrote them
HANDS = (("1", "0", "123m 456p 789s 23m 中中 4m", ""),
         ("2", "", "(111m) (999p) [7777s] 555z 1z 1z", "2"),)
WRONG = ("3", "1", "234m 345p 567s 23m 99s 4m", "")        # 5 fan: under the minimum


def _hand(pg, winner, frm, tiles, flowers):
    pg.select_option("#paper-hand select[name=winner]", winner)
    pg.select_option("#paper-hand select[name=from]", frm)
    pg.fill("#paper-hand input[name=tiles]", tiles)
    pg.fill("#paper-hand input[name=flowers]", flowers)
    pg.click("#paper-hand button")
    pg.wait_for_selector(".notice")


def shoot(url, out):
    shots = []
    with pageshots.director(url, PASSWORD, "/admin/paper") as pg:
        pg.click("#paper-open button")                     # table 1, the round's seating
        pg.wait_for_selector(".notice.ok")
        sheet = pg.url.split("?")[0]
        for h in HANDS:
            _hand(pg, *h)
        target = None

        def snap(name, lang, height=None):
            f = os.path.join(out, "forms-%s-%s.png" % (name, lang))
            clip = {"x": 0, "y": 0, "width": 1280, "height": height} if height else None
            pg.screenshot(path=f, full_page=True, clip=clip)
            shots.append(f)

        for lang in LANGS:
            pg.goto(sheet + "?lang=" + lang)
            _hand(pg, *WRONG)                              # refused, in the page's language
            snap("paper-sheet", lang)
            pg.goto(url + "/admin/paper?lang=" + lang)
            snap("paper", lang)
            pg.goto(url + "/tables/1?lang=" + lang)
            snap("hand-log-paper", lang)
            pg.goto(url + "/admin/corrections?lang=" + lang)
            if target is None:
                target = pg.locator("#payments-target option").nth(1).get_attribute("value")
            pg.select_option("#payments-target", target)
            snap("payments", lang)
            pg.goto(url + "/admin/corrections/hand?lang=%s&target=%s" % (lang, target))
            snap("correct-hand", lang)
            pg.goto(url + "/admin?lang=" + lang)
            pg.select_option("select[name=rules]", "hk")        # its settings shown, unsaved
            box = pg.locator("form[action='/admin/event']").bounding_box()
            snap("event", lang, int(box["y"] + box["height"] + 24))    # the form, not the players
    return shots


def main(argv=None):
    def make(out, folder):
        db = os.path.join(folder, "organiser.db")
        demo.setup_event(db, rules="mcr", password=PASSWORD)
        with demo.serve(db) as url:
            return shoot(url, out)
    pageshots.run(__doc__, "forms", make, argv)


if __name__ == "__main__":
    main()
