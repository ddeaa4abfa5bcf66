# A browser (a phone or a computer): MicroPython's WebAssembly port running the application
# in a page (boards/browser/: the page, and the adapters `web/` the port needs).  The OLED's
# 128x64 frame buffer drawn to a canvas, the same 16 keys on the screen (touch, mouse) and
# the keyboard, the journal in the browser's IndexedDB, uploads by fetch.
NAME = "browser"
CHIP = "webassembly"
RUNTIME = "webassembly"
WIFI = True                       # the page's own network (fetch to the organiser that served it)
FILESYSTEM = "indexeddb"
DISPLAY = {"driver": "framebuffer", "width": 128, "height": 64}
KEYPAD_ROWS = ()
KEYPAD_COLS = ()
KEYS = "123A456B789C*0#D"
SAFE_KEY = "*"
