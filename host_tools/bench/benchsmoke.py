# The smallest program that runs the scoring path (parse, decompose, waits) over hands
# read one JSON line at a time from a file, as a board receives them: what the benchmark
# runs at each heap size when it looks for the smallest heap the scoring path needs.

import json

import dtable
import engine
import hand


def smoke(path):
    table = dtable.Table(path)
    with open(path[:-len("dtable.bin")] + "hands.jsonl") as f:
        for line in f:
            req = json.loads(line)
            engine.analyse(hand.parse(req["hand"], req["sets"]), (), table)
    print("ok")
