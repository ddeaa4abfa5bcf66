# sys with MicroPython's print_exception (CircuitPython has traceback.print_exception);
# every other name is the real sys's (path and the like are looked up on it each time).
import sys as _sys
from sys import *


def print_exception(e, file=None):
    import traceback
    traceback.print_exception(e, file=file or _sys.stdout)


def __getattr__(name):
    return getattr(_sys, name)
