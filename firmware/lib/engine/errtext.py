# Error texts, kept out of the modules that stay resident: HandError(code, n, *args)
# formats TEXTS[n] % args only when a message is shown, loading this module then.

TEXTS = (
    'tiles must be written as text, e.g. 123m55z',  # 0
    "suit letter '%s' without digits in '%s'",  # 1
    "'%s' is not a tile character in '%s'",  # 2
    "digits without a suit letter at the end of '%s'",  # 3
    "flower tiles belong in 'flowers', not in '%s'",  # 4
    "no flower %df in '%s' (1f..8f)",  # 5
    "no honour %dz in '%s' (1z..7z)",  # 6
    "no tile %d%s in '%s' (ranks are 1..9)",  # 7
    '%s must be one of E S W N, not %r',  # 8
    "a meld is text like 'pon 555p', not %r",  # 9
    "meld '%s' must be 'chi|pon|kan|addkan|ankan TILES'",  # 10
    "'%s' is not a chow: three consecutive tiles of one suit",  # 11
    "'%s' must be %d identical tiles",  # 12
    'flags must be a list of words',  # 13
    'unknown context word %r',  # 14
    "flowers are written 1f..8f, not '%s'",  # 15
    'flower %df is listed twice',  # 16
    'unknown field %r',  # 17
    "a hand needs 'hand' and 'win'",  # 18
    "'win' must be exactly one tile, not '%s'",  # 19
    'melds must be a list like ["pon 555p"]',  # 20
    'by must be self, discard or robkong, not %r',  # 21
    'dealer must be true or false',  # 22
    'streak must be a whole number 0 or more',  # 23
    '%d melds, but a hand has only %d sets',  # 24
    'with %d melds the hand must hold %d tiles besides the winning tile, not %d',  # 25
    '%d copies of %s (there are only four)',  # 26
    "a robbed kong's tile %s cannot also be in the winner's hand",  # 27
    'the hand is not complete with %s',  # 28
    # a save the flash refused (commit.write_failed): what happened, what to do
    'flash full: NOT saved (earlier hands are safe). Write this hand down; call the director',  # 29
    'flash write error %s: NOT saved. Press save again; if it fails, call the director',  # 30
    # a preview saved after another event was written (session.Session.save)
    'the table moved since this review: enter the event again',  # 31
    # a ruleset's check of the replacement words (eltable.check_replacement)
    '%s: the replacement tile is self-drawn (by self)',  # 32
    'kong_replacement needs a kong among the melds',  # 33
    "flower_replacement needs a flower in 'flowers'",  # 34
)
