# The application package: the app that runs the tasks (app.py), the screens' state machine
# (ui.py) and the other screens (status, setup, events, history), hand entry (entry.py),
# keys and names as data (keymap, labels), the keypad and the display (keypad, display,
# text).  May import: the table, the engine, settings, the network (net/, the upload
# task), drivers/ and the board; never a ruleset directly, never host_tools/.  Modules
# are imported where they are used, not here, to save RAM.
