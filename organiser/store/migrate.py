"""Columns added to the schema after databases were made with it: added to an older
database when it is opened (CREATE TABLE IF NOT EXISTS leaves an existing table as it is)."""

ADDED = (
    ("event", "grace_seconds", "INTEGER NOT NULL DEFAULT 900"),
    ("event", "device_lang", "TEXT"),
    ("event", "games_per_tround", "INTEGER"),
    ("event", "tiebreaks", "TEXT"),
    ("devices", "revoked_at", "REAL"),
    ("devices", "build", "TEXT"),
    ("devices", "data", "TEXT"),
    ("sessions", "refused", "TEXT"),
    ("sessions", "continues", "INTEGER REFERENCES sessions(id)"),
    ("records", "late", "INTEGER NOT NULL DEFAULT 0"),
    ("players", "assoc_id", "TEXT NOT NULL DEFAULT ''"),
    ("players", "country", "TEXT NOT NULL DEFAULT ''"),
    ("players", "last_name", "TEXT NOT NULL DEFAULT ''"),
    ("players", "first_name", "TEXT NOT NULL DEFAULT ''"),
    ("players", "role", "TEXT NOT NULL DEFAULT 'player'"),
    ("penalties", "reason", "TEXT"),
)


def upgrade(con):
    for table, column, decl in ADDED:
        have = {r[1] for r in con.execute("PRAGMA table_info(%s)" % table)}
        if column not in have:
            con.execute("ALTER TABLE %s ADD COLUMN %s %s" % (table, column, decl))
