# The application (ui/app.py), unless boot.py found the safe-mode key held.
import board

if getattr(board, "SAFE_MODE", False):
    print("safe mode: the application is not started; the REPL is free")
else:
    import ui.app
    ui.app.main()
