# MicroPython's time.ticks_* and sleep_ms over CircuitPython's time and supervisor.ticks_ms
# (milliseconds that wrap at 2**29, the period keypad.Event timestamps share).
from time import *
from time import sleep
from supervisor import ticks_ms

_PERIOD = 1 << 29
_MASK = _PERIOD - 1
_HALF = _PERIOD >> 1


def ticks_diff(a, b):
    return ((a - b + _HALF) & _MASK) - _HALF


def ticks_add(t, delta):
    return (t + delta) & _MASK


def sleep_ms(ms):
    sleep(ms / 1000)
