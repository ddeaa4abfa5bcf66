# CircuitPython: what differs from MicroPython, behind small adapters (boards/cp_*.py choose
# them): the runtime's missing names (runtime.py), pins, the keypad, the display, boot.py
# and code.py.
