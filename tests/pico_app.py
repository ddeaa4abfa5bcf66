"""The application on the emulated Pico started by hand and held on to: the board powered
on in safe mode (`Pico(..., hold="*")`: the REPL free, no boot to interrupt), the key let
go, then `ui.app.main` started with a hook that keeps the App in `_apps` on the board, so
a test reads its screens' rows (`pico.exec("... _apps[0].ui.screen() ...")`)."""


def start_held(pico):
    assert pico.exec("import board\nprint(board.SAFE_MODE)").split() == ["True"]
    pico.up("*")
    pico.soft_reset()
    pico.launch("import ui.app\n_apps = []\nui.app.main(hooks=_apps.append)")
    pico.wait_serial(r"app: ready", timeout_ms=20000)
