# The application package: screens, entry, keypad, display and the app that runs them
# (app.py) with the upload task (net/).  May import the table, the engine, settings, net/
# and drivers/; never a ruleset directly.  Modules are imported where they are used, not
# here, to save RAM.
