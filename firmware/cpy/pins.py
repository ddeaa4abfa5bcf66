# A pin by its GPIO number, as boards/ give pins (CircuitPython's `board` names differ per
# board; microcontroller.pin names them by the chip's numbers on RP2040 and ESP32-S3 alike).
import microcontroller


def pin(n):
    return getattr(microcontroller.pin, "GPIO%d" % n)
