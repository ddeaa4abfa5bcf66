import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_tools import paths  # noqa: E402

paths.use_firmware()


# -- the organiser's storage engines ----------------------------------------------------------
# A test that takes `db_url` runs on SQLite; with the mark pg_core on PostgreSQL too (a
# private server, tests/pgserver.py).  `--engine pg` (make test-pg) runs every such test on
# PostgreSQL alone, and only those.

import pytest  # noqa: E402


def pytest_addoption(parser):
    parser.addoption("--engine", choices=("both", "sqlite", "pg"), default="both",
                     help="the organiser's storage engine for tests that take db_url")


def pytest_configure(config):
    config.addinivalue_line("markers", "pg_core: run on PostgreSQL in make test as well")
    config.addinivalue_line("markers", "pg_only: a test of PostgreSQL alone (not on SQLite)")


def pytest_generate_tests(metafunc):
    if "engine" not in metafunc.fixturenames:
        return
    opt = metafunc.config.getoption("engine")
    if opt == "both":
        engines = ["sqlite"] + (["pg"] if metafunc.definition.get_closest_marker("pg_core")
                                else [])
    else:
        engines = [opt]
    if metafunc.definition.get_closest_marker("pg_only"):       # several processes
        engines = [e for e in engines if e == "pg"]
    metafunc.parametrize("engine", engines, scope="module")


# The longest files, longest first (measured: docs/testing.md).  `make test` hands whole
# files to its two processes in collection order (--dist loadfile --no-loadscope-reorder):
# started first, none of them is left running alone at the end.  A file not named here
# keeps its place after them.
LONGEST_FIRST = ("test_firmware_frozen", "test_app_circuitpython", "test_phone_terminal",
                 "test_app_pico", "test_riichi_pico", "test_ui_fuzz_pico", "test_langs",
                 "test_riichi_organiser", "test_firmware_deploy",
                 "test_forms_chromium", "test_director_browser", "test_venue",
                 "test_organiser_stored", "test_loop", "test_round_clock_pico",
                 "test_loop_pico", "test_uploader", "test_round_clock_device",
                 "test_pico_memory", "test_organiser_pages_browser", "test_league_browser",
                 "test_sim_corpus", "test_score_cli", "test_mcr_oracle")


def pytest_collection_modifyitems(config, items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda it: rank.get(it.path.stem, len(rank)))     # stable: the rest in order
    if config.getoption("engine") != "pg":
        return
    keep = [it for it in items if "engine" in getattr(it, "fixturenames", ())]
    config.hook.pytest_deselected(items=[it for it in items if it not in keep])
    items[:] = keep


@pytest.fixture(scope="session")
def postgres():
    from pgserver import PostgresServer
    srv = PostgresServer().start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def db_url(engine, tmp_path, request):
    """The organiser's database for one test: a SQLite file, or a new PostgreSQL database."""
    if engine == "pg":
        return request.getfixturevalue("postgres").new_database()
    return str(tmp_path / "o.db")


@pytest.fixture(scope="module")
def module_db_url(engine, tmp_path_factory, request):
    """The same for a module's shared event."""
    if engine == "pg":
        return request.getfixturevalue("postgres").new_database()
    return str(tmp_path_factory.mktemp("organiser") / "organiser.db")


# -- the browser tests: Debian's Chromium, headless, driven by Playwright ---------------------
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a module's tests (each opens its own pages)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield b
        b.close()
