# The browser board's adapters (boards/browser.py) on MicroPython's WebAssembly port.
