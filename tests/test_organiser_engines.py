"""The organiser's SQL on both storage engines: what organiser/store/pg.py translates gives on
PostgreSQL what SQLite gives (rows, last row ids, INSERT OR IGNORE / OR REPLACE,
placeholders beside quoted text, sums, the standings' payment sums over rows out of
shape), an older database gets its missing columns when opened, on either, and a group
commit's failing job fails alone (on PostgreSQL, with its statements pipelined)."""

import json

import pytest

from organiser.store import stored
from organiser.event import tournament
from organiser.store.db import Database

pytestmark = pytest.mark.pg_core


@pytest.fixture
def db(db_url):
    d = Database(db_url)
    yield d
    d.close()


def test_rows_and_last_row_ids_as_sqlite_gives_them(db):
    with db.write() as con:
        a, b = tournament.add_team(con, "East"), tournament.add_team(con, "West")
        assert (a, b) == (1, 2)
    with db.read() as con:
        r = con.execute("SELECT id, name AS Team FROM teams ORDER BY id").fetchone()
        assert (r[0], r[1], r["id"], r["team"], r["TEAM"]) == (1, "East", 1, "East", "East")
        assert dict(r) == {"id": 1, "team": "East"} or dict(r) == {"id": 1, "Team": "East"}
        assert con.execute("SELECT id FROM teams WHERE id = 99").fetchone() is None
        assert [tuple(x) for x in con.execute("SELECT id FROM teams ORDER BY id")] == [(1,), (2,)]
        n = con.execute("SELECT SUM(id), COUNT(*) FROM teams").fetchone()
        assert n[0] == 3 and type(n[0]) is int and type(n[1]) is int
        with pytest.raises(IndexError):
            r["nope"]


def test_insert_or_ignore_and_or_replace(db):
    with db.write() as con:
        tournament.add_table(con, 1)
        t = tournament.add_tround(con)
        cur = con.execute("INSERT OR IGNORE INTO teams (name) VALUES (?)", ("East",))
        assert cur.rowcount == 1
        cur = con.execute("INSERT OR IGNORE INTO teams (name) VALUES (?)", ("East",))
        assert cur.rowcount == 0
        con.execute("INSERT OR REPLACE INTO seating_meta VALUES (?, ?, ?, ?)",
                    (t, 1, 1, "manual"))
        con.execute("INSERT OR REPLACE INTO seating_meta (tround_id, table_no, locked) "
                    "VALUES (?, ?, ?)", (t, 1, 0))
    with db.read() as con:
        # the column not named got its default again, as SQLite's delete-and-insert does
        assert [tuple(r) for r in con.execute("SELECT * FROM seating_meta")] == \
            [(t, 1, 0, "generated")]
        assert con.execute("SELECT COUNT(*) FROM teams").fetchone()[0] == 1


def test_placeholders_beside_quoted_text_and_comments(db):
    with db.read() as con:
        r = con.execute("SELECT '?', 'a%b', ? -- what? 100%\n, 'it''s ?', ?",
                        (5, "x?%")).fetchone()
        assert tuple(r) == ("?", "a%b", 5, "it's ?", "x?%")
        assert con.execute("SELECT 'a%' || ?", ("b",)).fetchone()[0] == "a%b"


def test_payment_sums_count_only_four_integers_in_bounds(db):
    big = 2 ** 63 - 1
    shapes = ([1, 2, -3, 0], [5, 5, -5, -5], "not json", [1, 2, 3], ["a", "b", "c", "d"],
              [big, 0, 0, 0], [1.5, 0, 0, 0], None, {"a": 1})
    with db.write() as con:
        sid = con.execute("INSERT INTO sessions (device, journal, start_seq, rules, players, "
                          "created_at) VALUES ('d', 'j', 1, 'hk', '[]', 0)").lastrowid
        for seq, p in enumerate(shapes, 1):
            text = p if isinstance(p, str) or p is None else json.dumps(p)
            con.execute("INSERT INTO records (device, journal, seq, body, received_at, kind, "
                        "payments, session_id, effective) VALUES ('d', 'j', ?, '{}', 0, "
                        "'win', ?, ?, 1)", (seq, text, sid))
    with db.read() as con:
        got = [tuple(r) for r in con.execute(stored.payment_sums("effective = 1"))]
    assert got == [(sid, len(shapes), 6, 7, -8, -5)]


def test_an_older_database_gets_the_columns_added_since(db_url):
    d = Database(db_url)
    with d.write() as con:
        con.execute("ALTER TABLE devices DROP COLUMN build")
        con.execute("ALTER TABLE records DROP COLUMN late")
    d.close()
    d = Database(db_url)
    try:
        with d.read() as con:
            cols = {r[1] for r in con.execute("PRAGMA table_info(devices)")}
            assert "build" in cols
            con.execute("SELECT late FROM records").fetchall()
    finally:
        d.close()


def test_a_nul_character_is_refused_by_the_model_and_kept_by_the_store(db):
    """A name with a control character is refused before it is stored (organiser.text
    .names); a NUL that reaches the store all the same (a row written by another path)
    is kept, not an error, by both engines."""
    with db.write() as con:
        with pytest.raises(tournament.ModelError):
            tournament.add_team(con, "a\x00b")
        con.execute("INSERT INTO teams (name) VALUES (?)", ("a\x00b",))
    with db.read() as con:
        name = con.execute("SELECT name FROM teams").fetchone()[0]
    assert name in ("a\x00b", "a\ufffdb")       # SQLite keeps it; PostgreSQL's text cannot


def test_a_group_commits_job_that_fails_in_the_database_fails_alone(db):
    """On PostgreSQL a group commit's statements are pipelined (sent without waiting for
    each answer): a job whose statement fails, read or not, fails with that error and
    is rolled back alone; the jobs before and after it commit."""
    from organiser.store.groupcommit import GroupCommit
    with db.write() as con:
        tournament.add_team(con, "East")

    def ok(name):
        def job(con):
            con.execute("INSERT INTO teams (name) VALUES (?)", (name,))
            return con.execute("SELECT COUNT(*) FROM teams").fetchone()[0]
        return job

    def unread(con):                # the duplicate's error never read by the job itself
        con.execute("INSERT INTO teams (name) VALUES (?)", ("South",))
        con.execute("INSERT INTO teams (name) VALUES (?)", ("East",))
        con.execute("UPDATE teams SET name = 'Moved' WHERE name = 'West'")

    def read(con):                  # read after the failing statement
        con.execute("INSERT INTO teams (name) VALUES (?)", ("East",))
        return con.execute("SELECT COUNT(*) FROM teams").fetchone()[0]

    out = GroupCommit(db)._commit([ok("West"), unread, ok("North"), read, ok("Centre")])
    assert [o[0] for o in out] == [True, False, True, False, True]
    assert (out[0][1], out[2][1], out[4][1]) == (2, 3, 4)
    for _, e in (out[1], out[3]):
        assert "unique" in str(e).lower()
    with db.read() as con:
        assert [r[0] for r in con.execute("SELECT name FROM teams ORDER BY id")] == \
            ["East", "West", "North", "Centre"]


def test_a_job_refused_with_its_reads_sent_but_unread_fails_alone(db):
    """An upload sends all its reads before reading any, and a quota may refuse it
    before it reads them: the statements it left open do not keep its savepoint from
    being rolled back (SQLite refuses while one is in progress), and the jobs after it
    commit."""
    from organiser.store.groupcommit import GroupCommit

    class Refused(Exception):
        pass

    def refused(con):
        sent = [con.execute("INSERT INTO teams (name) VALUES (?) RETURNING id", ("South",)),
                con.execute("SELECT id, name FROM teams")]                    # noqa: F841
        raise Refused("over quota")

    def ok(con):
        con.execute("INSERT INTO teams (name) VALUES (?)", ("North",))
        return con.execute("SELECT COUNT(*) FROM teams").fetchone()[0]

    for _ in range(3):
        with db.write() as con:
            tournament.add_team(con, "East %d" % _)
    out = GroupCommit(db)._commit([refused, ok, refused])
    assert [o[0] for o in out] == [False, True, False]
    assert isinstance(out[0][1], Refused) and out[1][1] == 4
    with db.read() as con:
        assert [r[0] for r in con.execute("SELECT name FROM teams ORDER BY id")] == \
            ["East 0", "East 1", "East 2", "North"]
