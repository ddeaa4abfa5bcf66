"""Board tooling: the firmware on real and emulated boards.

device (the unix port running the compiled firmware, as the CLIs' --device), pico (the
emulated Raspberry Pi Pico: flash image, keypad, OLED), picomem (the memory search on it),
mpsource (the pinned MicroPython sources), firmware (frozen images), bundle (the .mpy
bundle and its deployment over mpremote), size (flash and memory budgets).
May import: host_tools' top (build, paths, keys), gen/; never bench/ or sim/, never
imported by firmware/."""
