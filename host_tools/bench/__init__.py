"""The benchmarks: speed and memory figures, printed, for anyone to re-run (`make bench`).

    python -m host_tools.bench              # engine, upload, pages, pace, app, boot, fuzz, circuitpython, abuse, exports, schedule, phone, keys, corpus, simcorpus, mcrdiff, suits, sessions
    python -m host_tools.bench NAME [ARGS]  # one of them (NAMES below), with its own options

Each NAME is a module here with a main().  devbench, benchhands and benchsmoke run unchanged
inside MicroPython too (copied as files, not imported from this package).
May import: host_tools' top (build, paths, keys, mcr_oracle, riichi_oracle, riichi_play), board/,
sim/, tests' helpers (corpus, uploader_harness, uifuzz), the organiser; never imported by
firmware/ or the organiser."""

# name -> what it measures (python -m host_tools.bench NAME)
NAMES = {
    "engine": "the hand engine: time per hand, heap, the smallest heaps (then mcr, riichi and pico)",
    "mcr": "Chinese Official scoring beside pymahjonggb, and on the unix port",
    "riichi": "Riichi scoring beside the reference (mahjong 2.1.0), and on the unix port",
    "pico": "scoring time and heap per ruleset on the emulated Pico",
    "pace": "key to screen and score key to review at a referee's pace, heavy hands "
            "included: .mpy, frozen and CircuitPython on the emulated Pico",
    "app": "the application on the emulated Pico: boot, heap, keypad share, key and review times",
    "keysteps": "where a digit's time goes between its key and its screen (emulated Pico, .mpy)",
    "cpsteps": "where the score key's review goes on CircuitPython: collections, imports, preview",
    "fuzz": "random keys into the screens: CPython, the unix port, the emulated Pico",
    "upload": "the device uploader: resident RAM, upload rate on loopback",
    "pages": "the organiser's live pages at an event's size",
    "boot": "boot on the emulated Pico with 0, 300, 1,000 journal records, checkpoint or not",
    "soak": "1,000 hands into the session on the emulated Pico: the free heap (make soak)",
    "heapscan": "each ruleset's long session at every heap of a range (unix port): the least heap, the edges",
    "recover": "a session refused events for memory (unix port, heaps near its least): does it go on?",
    "organiser": "the organiser under 200 uploading devices (make bench-organiser)",
    "watchers": "200 uploading devices, 500 live pages and a projector (make bench-organiser)",
    "circuitpython": "the application on CircuitPython beside MicroPython: keys, rows, HMAC, heap",
    "abuse": "the organiser under floods: a bystander's page and upload times",
    "exports": "20 anonymous readers of whole-event exports: the organiser's peak RSS, "
               "the standings' p95",
    "schedule": "the whole event's seating: repeated pairs, winds, time, from 8x3 to 200x7",
    "phone": "the browser terminal in Chromium: first load, key to canvas, score key to review",
    "keys": "keys per tile per ruleset, plain and with flowers and context words",
    "corpus": "100,000 random hands and their incomplete mutations through the device's "
              "scoring (unix port): all answered right, lines a second",
    "simcorpus": "1,000 hands of each ruleset typed into the simulator (unix port): the "
                 "journal equal to the table, keys per tile, time",
    "mcrdiff": "Chinese Official beside pymahjonggb over 100,000 random hands: no mismatch, "
               "every element seen",
    "suits": "the engine's verdict on all 886,400 single-suit vectors against a recursive judge",
    "sessions": "the session's properties over 300 random sessions of each ruleset "
                "(make test: 30)",
}
# what `make bench` runs (bench-organiser apart: about a minute on its own; soak apart:
# about 12 minutes, `make soak`; recover apart: about 15 minutes)
DEFAULT = ("engine", "upload", "pages", "pace", "app", "boot", "fuzz", "circuitpython", "abuse",
           "exports", "schedule", "phone", "keys", "corpus", "simcorpus", "mcrdiff", "suits",
           "sessions")
