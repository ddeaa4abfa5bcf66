# framebuf's names on CircuitPython, which has no framebuf: the format constants the
# display module names and a FrameBuffer that only holds its buffer (ui/text.py's font
# makes two over its glyph buffer).  Nothing is drawn through it: cpy/oled.py draws the
# rows into the panel's buffer itself.  (adafruit_framebuf, pure Python, kept 8.1 KB
# resident for none of its methods.)
MONO_VLSB = 0
MONO_HLSB = 3           # rows of bytes, leftmost pixel in the top bit (MicroPython's value)
MONO_HMSB = 4


class FrameBuffer:
    def __init__(self, buf, width, height, fmt, stride=None):
        self.buf = buf
        self.width = width
        self.height = height
        self.format = fmt
