# The page's main: the application (ui/app.py) with the port's stand-ins installed, its
# tasks on the browser's event loop (the port has no asyncio.run: the application's task
# is created and this module's import returns).  keys(raw) is what the page calls with the
# bitmap of the keys held (web/runtime.attach).
from web import runtime

runtime.install()
import asyncio
import board
import ui.app

app = ui.app.App(board, runtime.ROOT)
keys = runtime.attach(app)
asyncio.create_task(app.run())
