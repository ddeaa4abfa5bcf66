# The device's network: the link (netlink: Wi-Fi on, the reason it is down), the upload
# task (uploader: the journal's records signed and posted to the organiser) and the
# seating pull (seating: the table's players fetched between upload batches).
# May import: the engine's and the table's modules (lib/), settings, the ui's keymap (the
# seating's names), micropython-lib's hmac; never a screen.  Imported only on a board
# whose settings name an organiser, each module where it is used, to save RAM.
