"""Score hands: one JSON object per line in, one answer per line out (score-interface.md)."""

from host_tools import jsonl, paths
from host_tools.board.device import DevicePerRuleset

DEVICE_ENTRY = "import devloop, contract; devloop.run(contract.score_hand)"


def host_handler():
    paths.use_firmware()
    import contract
    return contract.score_hand


if __name__ == "__main__":
    jsonl.main(__doc__, host_handler, DEVICE_ENTRY, device_class=DevicePerRuleset)
