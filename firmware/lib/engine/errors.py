# The contract's error codes (shared/spec/score-interface.md) as one exception type.


class HandError(Exception):
    """A hand or event that cannot be accepted.  `code` is the contract's error code.

    The text is either given whole, or as an index into errtext.TEXTS with its arguments:
    the resident modules then hold no message strings, and errtext is loaded only when a
    message is actually shown."""

    def __init__(self, code, text, *args):
        super().__init__(code)
        self.code = code
        self._text = text
        self._args = args

    @property
    def message(self):
        text = self._text
        if isinstance(text, int):
            import sys
            import errtext
            text = errtext.TEXTS[text]
            del sys.modules["errtext"]   # give the RAM back until the next error
        return text % self._args if self._args else text


def error_result(code, message):
    return {"ok": False, "error": {"code": code, "message": message}}
