"""The memory-budget tool on the emulated Pico (host_tools/board/picomem.py): a filler holds the
heap down to the budget, a table session runs through the table engine on the board, and
its answers are compared with CPython's.  The application's own budget (every ruleset's
long session typed at 80 KB) is a benchmark, `make bench` / `make size`: minutes of
emulation that `make test` cannot spare."""

from host_tools.board import picomem


def test_budget_holds_and_decides():
    driver = picomem.TableSession(picomem.long_sessions(["sh"], sessions=1, n=4))
    fs = picomem.device_image(driver.files)
    roomy = picomem.run_at(96 * 1024, driver, fs)
    assert roomy["passed"], roomy
    assert 96 * 1024 <= roomy["free"] < 96 * 1024 + 256   # the filler left just the budget
    tight = picomem.run_at(12 * 1024, driver, fs)
    assert not tight["passed"] and "MemoryError" in tight["detail"], tight


def test_bisection_finds_the_edge():
    runs = []

    class Needs:                 # a driver that needs 40 KB of one piece, asked on the board
        files = {}

        def run(self, pico):
            out, err = pico.exec("b = bytearray(40 * 1024)\nprint(len(b))", check=False)
            return not err, err.strip()[-60:]

    fs = picomem.device_image(mpy=False)
    budget, runs = picomem.smallest_budget(Needs(), fs, lo=32 * 1024, hi=48 * 1024, step=2048)
    assert budget in (42 * 1024, 44 * 1024), runs
    assert all(r["passed"] == (r["budget"] >= budget) for r in runs)

