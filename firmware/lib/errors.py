# The contract's error codes (shared/spec/score-interface.md) as one exception type.


class HandError(Exception):
    """A hand or event that cannot be accepted.  `code` is the contract's error code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def error_result(code, message):
    return {"ok": False, "error": {"code": code, "message": message}}
