# The session the power-cut scripts write (mpy_powercut.py on LittleFS, cp_fatcut.py on
# FAT): long names so that a record spans several blocks, an undo, and the record cut last.

EVENTS = [
    {"event": "start", "rules": "tw", "dealer": 1, "players": ["A" * 300, "B" * 300, "C", "D"]},
    {"event": "declare", "seat": 2},
    {"event": "draw"},
    {"event": "streak", "n": 3},
    {"event": "undo"},
    {"event": "declare", "seat": 0},
]
