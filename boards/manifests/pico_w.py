# Raspberry Pi Pico W (RP2040 + CYW43439): stock RPI_PICO_W modules (networking, aioble...)
# plus the application.
include("$(BOARD_DIR)/manifest.py")
include("app.py", gen="../../build/firmware/pico_w/gen")
