# The application package: screens, entry, keypad, display, uploader and the app that
# runs them (app.py).  Modules are imported where they are used, not here, to save RAM.
