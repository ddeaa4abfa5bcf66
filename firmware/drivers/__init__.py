# Display drivers: micropython-lib's ssd1306 (OLED, I2C) and ssd1680 (e-ink, SPI), each
# with its licence.  They import nothing of the application; ui/display.py picks one by
# what the board module declares.
