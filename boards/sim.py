# The host simulator: the same screens drawn into a 128x64 frame buffer shown on the host,
# and the same 16 keys typed on the keyboard.
NAME = "sim"
CHIP = "host"
WIFI = True                       # the host's own network
FILESYSTEM = "host"
DISPLAY = {"driver": "framebuffer", "width": 128, "height": 64}
KEYPAD_ROWS = ()
KEYPAD_COLS = ()
KEYS = "123A456B789C*0#D"
SAFE_KEY = "*"                    # held at power-on: safe mode (no application, REPL free)
