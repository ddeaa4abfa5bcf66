# framebuf's names over adafruit_framebuf (pure Python): the FrameBuffer adafruit_ssd1306
# subclasses and the format constants the display module names.  Text is not drawn through
# it (cpy/oled.py draws the glyph rows itself).
from adafruit_framebuf import *
from adafruit_framebuf import MVLSB, MHMSB

MONO_VLSB = MVLSB
MONO_HLSB = MHMSB               # rows of bytes, leftmost pixel in the top bit
