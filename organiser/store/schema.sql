-- The organiser's database (SQLite, WAL).  Uploaded records and everything the
-- director enters are appended; derived columns (effective, session_id) are kept up to
-- date as records arrive, so standings never re-read JSON bodies.

CREATE TABLE IF NOT EXISTS event (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL DEFAULT 'Tournament',
    rules TEXT NOT NULL DEFAULT 'mcr',          -- mcr | hk | tw | sh
    settings TEXT NOT NULL DEFAULT '{}',        -- the ruleset's table settings (JSON)
    hands_per_tround INTEGER,                   -- a tournament round closes after N hands per table (NULL: director closes)
    avoid_teammates INTEGER NOT NULL DEFAULT 1, -- seating generation keeps teammates apart
    grace_seconds INTEGER NOT NULL DEFAULT 900, -- a round's records still count this long after it closed
    device_lang TEXT,                           -- the devices' language (zh-Hant | zh-Hans | en; NULL: each its own)
    games_per_tround INTEGER,                   -- games a table plays in a round (NULL: the ruleset's default, organiser/event/gamebound.py)
    tiebreaks TEXT                              -- the standings' criteria in turn (JSON list; NULL: the ruleset's)
);

CREATE TABLE IF NOT EXISTS admins (
    name TEXT PRIMARY KEY,
    pw_hash TEXT NOT NULL                       -- scrypt$n$r$p$salt_hex$hash_hex
);

CREATE TABLE IF NOT EXISTS admin_sessions (
    token TEXT PRIMARY KEY,
    name TEXT NOT NULL REFERENCES admins(name),
    expires REAL NOT NULL
);

CREATE TABLE IF NOT EXISTS teams (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    team_id INTEGER REFERENCES teams(id),
    active INTEGER NOT NULL DEFAULT 1,          -- takes part in generated seatings
    -- for an association's results file (organiser/ema.py): the player's number with the
    -- association (the EMA's: 8 digits), country (ISO 3166-1 alpha-3), the name split
    -- as the association spells it ('' where not given: the name is split at its last space)
    assoc_id TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    first_name TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT 'player'         -- player | substitute | ghost (organiser/event/substitutes.py)
);

CREATE TABLE IF NOT EXISTS tables (
    number INTEGER PRIMARY KEY,                 -- the table's number, as on its device
    name TEXT NOT NULL DEFAULT ''
);

-- A tournament round: one sitting of every table (not the prevailing wind).
CREATE TABLE IF NOT EXISTS trounds (
    id INTEGER PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'open', 'closed')),
    opened_at REAL,
    closed_at REAL
);

-- The round clock (organiser/clock.py): the director's actions on each round's clock, as
-- they happened (never rewritten; the clock is worked out from them), and the event's
-- round length.
CREATE TABLE IF NOT EXISTS clock_events (
    id INTEGER PRIMARY KEY,
    tround_id INTEGER NOT NULL REFERENCES trounds(id),
    kind TEXT NOT NULL CHECK (kind IN ('start', 'pause', 'extend', 'end')),
    seconds INTEGER,                             -- start: the round's length; extend: added
    at REAL NOT NULL,
    who TEXT
);
CREATE TABLE IF NOT EXISTS clock_length (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seconds INTEGER NOT NULL
);

-- The seating of one tournament round; seat 0..3 in playing order (the device's seats).
CREATE TABLE IF NOT EXISTS seating (
    tround_id INTEGER NOT NULL REFERENCES trounds(id),
    table_no INTEGER NOT NULL REFERENCES tables(number),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (tround_id, table_no, seat),
    UNIQUE (tround_id, player_id)
);

CREATE TABLE IF NOT EXISTS seating_meta (
    tround_id INTEGER NOT NULL REFERENCES trounds(id),
    table_no INTEGER NOT NULL REFERENCES tables(number),
    locked INTEGER NOT NULL DEFAULT 0,          -- kept as it is when the round is regenerated
    source TEXT NOT NULL DEFAULT 'generated',   -- generated | manual
    PRIMARY KEY (tround_id, table_no)
);

CREATE TABLE IF NOT EXISTS devices (
    id TEXT PRIMARY KEY,
    secret TEXT NOT NULL,                       -- 64 hex chars (32 bytes): the HMAC key
    table_no INTEGER REFERENCES tables(number),
    label TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    revoked_at REAL,                            -- set: every request of the device is refused
    build TEXT,                                 -- the firmware build the device last reported
    data TEXT                                   -- its ruleset data version
);

-- A device's last sign of life: its last request that passed the signature check (an
-- upload, a seating pull: an idle device pulls at least every 60 s).
CREATE TABLE IF NOT EXISTS device_seen (
    device TEXT PRIMARY KEY REFERENCES devices(id),
    at REAL NOT NULL
);

-- One journal of one device: what it has sent, and how far its records are processed.
CREATE TABLE IF NOT EXISTS journals (
    device TEXT NOT NULL REFERENCES devices(id),
    journal TEXT NOT NULL,
    acked INTEGER NOT NULL DEFAULT 0,           -- highest contiguous seq held (1..acked all held)
    first_at REAL NOT NULL,
    last_at REAL NOT NULL,                      -- last accepted upload
    PRIMARY KEY (device, journal)
);

-- Every record as uploaded (body: canonical JSON, the key of idempotence).
CREATE TABLE IF NOT EXISTS records (
    device TEXT NOT NULL,
    journal TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    received_at REAL NOT NULL,
    kind TEXT NOT NULL,                         -- the event's name (win, draw, undo, start, ...)
    payments TEXT,                              -- JSON [4 ints] or NULL
    undoes INTEGER,                             -- undo records: the seq taken back
    hand_no INTEGER, dealer INTEGER, streak INTEGER, round INTEGER, over INTEGER,
    -- derived when the record joins the contiguous prefix:
    session_id INTEGER REFERENCES sessions(id),
    effective INTEGER,                          -- 1: counts; 0: taken back by an undo; NULL: not processed yet
    late INTEGER NOT NULL DEFAULT 0,            -- 1: joined after its round closed and the grace passed
    PRIMARY KEY (device, journal, seq)
);
-- covering: the standings read only this index, never the wide rows with their bodies
CREATE INDEX IF NOT EXISTS records_counting ON records(session_id, effective, seq, payments,
                                                       hand_no, dealer, streak, round, over);

-- A session: the hands a device played after one `start`, at one table in one
-- tournament round.
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    device TEXT NOT NULL,
    journal TEXT NOT NULL,
    start_seq INTEGER NOT NULL,
    table_no INTEGER,
    tround_id INTEGER REFERENCES trounds(id),
    rules TEXT NOT NULL,
    players TEXT NOT NULL,                      -- names the device was started with (JSON)
    created_at REAL NOT NULL,
    refused TEXT,                               -- why the session does not count (wrong table, round not open...)
    continues INTEGER REFERENCES sessions(id),  -- a spare device continuing this table's session
    UNIQUE (device, journal, start_seq)
);

-- Every refused request: nothing of it is stored but this line.
CREATE TABLE IF NOT EXISTS refused (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    remote TEXT NOT NULL DEFAULT '',
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    error TEXT NOT NULL,
    device TEXT,
    journal TEXT,
    seq INTEGER,
    size INTEGER NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
-- each address's own lines, newest last: the log keeps a number per address
CREATE INDEX IF NOT EXISTS refused_by_remote ON refused(remote, id);

-- The director's corrections, appended (the latest for a target stands; none is
-- overwritten).  kind: payments (target "device/journal/seq", data {"payments": [4]}),
-- void (target a record), reseat (target "session:<id>", data {"players": [4 ids]}),
-- session (target "session:<id>", data {"tround_id", "table_no"}).
CREATE TABLE IF NOT EXISTS corrections (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    who TEXT NOT NULL,
    why TEXT NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    data TEXT NOT NULL
);

-- Penalties, apart from the hands.
CREATE TABLE IF NOT EXISTS penalties (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    who TEXT NOT NULL,
    why TEXT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    tround_id INTEGER REFERENCES trounds(id),
    points INTEGER NOT NULL,                    -- added to the player's score (negative: a penalty)
    reason TEXT                                 -- a preset's key (organiser/event/penalty_presets.py); NULL: a free amount
);

-- Substitutes (organiser/event/substitutes.py): who sits in an absent player's seat from
-- one tournament round (for that round, or to the end of the event: to_tround NULL), and
-- whom the seat's games count for: the absent player, nobody, or the substitute.
CREATE TABLE IF NOT EXISTS substitutions (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    who TEXT NOT NULL,
    why TEXT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    substitute_id INTEGER NOT NULL REFERENCES players(id),
    from_tround INTEGER NOT NULL REFERENCES trounds(id),
    to_tround INTEGER REFERENCES trounds(id),
    counts TEXT NOT NULL CHECK (counts IN ('absent', 'nobody', 'substitute'))
);

-- The organiser's own scoring of each record (organiser/replay.py): what the table
-- engine gives for the event, from the organiser's own state.  status: ok | disputed |
-- refused | late | corrected.  records.payments and the state columns hold what counts.
CREATE TABLE IF NOT EXISTS pull_nonces (          -- seating pulls' nonces, each accepted once (organiser/replays.py)
    device TEXT NOT NULL,
    nonce TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (device, nonce)
);
CREATE INDEX IF NOT EXISTS pull_nonces_at ON pull_nonces(device, at);

CREATE TABLE IF NOT EXISTS clock_pulls (          -- what each seating pull said of the clock (organiser/event/pastclock.py)
    device TEXT NOT NULL,
    pull TEXT NOT NULL,                         -- the first 4 hex chars of the pull's nonce
    tround_id INTEGER NOT NULL,
    left_s INTEGER NOT NULL,                    -- seconds left it answered
    running INTEGER NOT NULL,
    at REAL NOT NULL,                           -- when it answered
    PRIMARY KEY (device, pull)
);

CREATE TABLE IF NOT EXISTS past_clock (           -- hands held past the clock, decided on arrival (organiser/event/pastclock.py)
    device TEXT NOT NULL,
    journal TEXT NOT NULL,
    seq INTEGER NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (device, journal, seq)
);

CREATE TABLE IF NOT EXISTS replayed (
    device TEXT NOT NULL,
    journal TEXT NOT NULL,
    seq INTEGER NOT NULL,
    status TEXT NOT NULL,
    organiser TEXT,                             -- the organiser's payments (JSON [4]) or NULL (refused)
    error TEXT,                                 -- why the engine refused it
    detail TEXT,                                -- the organiser's result and settlement (JSON)
    state TEXT,                                 -- where the table stands after it (JSON: dealer, wind, hand...)
    PRIMARY KEY (device, journal, seq)
);
CREATE INDEX IF NOT EXISTS replayed_status ON replayed(status);

-- Each game's result, stored when the organiser scores it (organiser/results/gameresults.py):
-- one row per seat of every game that counts (a game: its first session's id), what the
-- standings, a player's page and the printed results read instead of the records.
-- Derived: written again whole when `game_results_basis` no longer matches what the
-- games depend on besides the records (the seating, the corrections, the players, the
-- event's ruleset and games a round); never imported from an event file.
CREATE TABLE IF NOT EXISTS game_results (
    session_id INTEGER NOT NULL,                -- the game's first session
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    tround_id INTEGER,
    table_no INTEGER,
    rules TEXT NOT NULL,
    player_id INTEGER,                          -- the seat's player (NULL: none seated)
    counted INTEGER NOT NULL,                   -- 1: the game's four players are the event's (it counts in the standings)
    first_seat INTEGER NOT NULL,                -- 1: the player's first seat in this game (their figures)
    score INTEGER NOT NULL,                     -- the seat's sum of the payments that count
    hands INTEGER NOT NULL,                     -- the game's hands
    table_points12 INTEGER,                     -- MCR: 12 x the seat's table points (4-2-1-0, ties shared); else NULL
    place INTEGER,                              -- the seat's place in the game by score (1..4, ties share the best); NULL: no hand yet
    sessions TEXT NOT NULL DEFAULT '[]',        -- the game's sessions (JSON list: spares', restarts' too)
    -- the seat's figures on a player's page (organiser/results/stats.py)
    stat_hands INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    self_draws INTEGER NOT NULL DEFAULT 0,
    deal_ins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    won_total INTEGER NOT NULL DEFAULT 0,       -- the sum, number and largest of the totals of the hands won
    won_n INTEGER NOT NULL DEFAULT 0,
    won_max INTEGER,
    unit TEXT,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX IF NOT EXISTS game_results_tround ON game_results(tround_id, player_id);
CREATE INDEX IF NOT EXISTS game_results_player ON game_results(player_id);

-- What the stored game results were computed from besides the records (JSON).
CREATE TABLE IF NOT EXISTS game_results_basis (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    basis TEXT NOT NULL
);
