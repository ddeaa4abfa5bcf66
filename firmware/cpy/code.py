# CircuitPython's code.py: the application (ui/app.py) with the runtime's stand-ins
# installed, unless boot.py left the drive to a computer (the safe-mode key held).
from cpy import runtime

runtime.install()
if runtime.safe_mode():
    print("safe mode: CIRCUITPY is read-only here; reset with no key held to play")
else:
    import ui.app
    ui.app.main()
