# Raspberry Pi Pico (RP2040, no Wi-Fi): stock RPI_PICO modules plus the application.
include("$(PORT_DIR)/boards/manifest.py")
include("app.py", gen="../../build/firmware/pico/gen")
