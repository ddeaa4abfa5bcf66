"""A whole event's seating at once: which four players sit at each table in every round,
and at which wind (pure functions; no database, no other organiser module).

Objectives, in order:
1. teammates apart (when teams are given);
2. no pair meets twice where that can be avoided; then the fewest pairs meeting more than
   once, and no pair meeting much more often than the others;
3. winds balanced: each player sits each wind as evenly as the rounds allow (a separate step:
   the tables are fixed first, then the seats at each table).

How (nothing is tabulated per size):
- A construction where one applies, as a start: a resolvable transversal design from finite
  fields.  With m = n/4 a product of prime powers each at least 4 (MacNeish), players are
  (x, g), x in GF(q1) x GF(q2) x ..., g in 0..3; round b seats at table a the players
  (a + b*lambda_g, g), so two players of different groups g meet exactly once in m rounds and
  players of one group never.  The groups then play among themselves the same way
  (recursively): 16 players get 4 + 1 = 5 rounds (the affine plane AG(2,4)), 64 get 16 + 5,
  32 get 8 + 1, 20 get 5, 28 get 7.  An event that is several copies of a constructible size
  (200 = 2 x 100, 100 = 4 x 25) plays the copies side by side.
- A search that serves every size and finishes the construction's work: the rounds it lacks
  are filled greedily, then a tabu search: in a round taken at random, every player who sits
  with someone met before (or a teammate) is tried against every player of another table,
  and the best swap not recently made is taken (Dotu and Van Hentenryck's move for the social
  golfer problem), the best schedule seen kept, random kicks from it out of plateaus.  It
  stops when no pair meets twice and no teammates sit together, when it has not improved for
  a while, or at the time bound: never hangs.  Deterministic for a seed unless the time
  bound is what stopped it (the figures say which: "stopped").
- Locked tables and rounds already played: the construction's players are relabelled (the
  most locked round laid on one of its rounds, then a hill climb on swaps) and its rounds
  chosen so that locked tables are its tables and earlier meetings are not repeated, where
  that can be found; the search does the rest.
- Winds: an equitable edge colouring of the bipartite graph players x (round, table) with 4
  colours (each player's rounds split in blocks of 4, each block properly coloured by
  alternating paths, Konig): every block of 4 rounds gives a player each wind once, so a
  player's wind counts differ by at most 1.  Locked tables and earlier rounds' winds are then
  taken into account by a local repair (best of the 24 orders per table)."""

import itertools
import random
import time

WINDS = ("E", "S", "W", "N")

# search costs per pair and round counted: teammates together outweighs everything; then a
# pair meeting a third time (and more) outweighs many pairs meeting twice; then each pair
# meeting twice; n^2 last (spreads the meetings).
TEAM, BEYOND, REPEAT = 10 ** 9, 10 ** 5, 1000
GHOST = 10                  # a player's pairs with the empty seats (organiser.event.schedule.Ghost)


class ScheduleError(ValueError):
    """What was asked cannot be scheduled (text for the director, values apart)."""

    def __init__(self, text, *values):
        self.text, self.values = text, values
        super().__init__(text % values if values else text)


class Schedule:
    """rounds: [round][table] -> [4 player ids in seat order E, S, W, N]; figures: see
    figures()."""

    def __init__(self, rounds, figures):
        self.rounds, self.figures = rounds, figures

    def cards(self):
        """{player: [(table index, wind letter) per round]}: each player's card."""
        out = {}
        for tables in self.rounds:
            for t, ps in enumerate(tables):
                for s, p in enumerate(ps):
                    out.setdefault(p, []).append((t, WINDS[s]))
        return out


# -- finite fields (GF(p^e), elements 0..q-1 as base-p digits of a polynomial) -------------

def _prime_power(q):
    """(p, e) with q = p^e, or None."""
    for p in range(2, q + 1):
        if q % p == 0:
            e = 0
            while q % p == 0:
                q //= p
                e += 1
            return (p, e) if q == 1 else None
    return None


def _factor(m):
    """m's prime-power factors [p^e, ...] (ascending p)."""
    out, p = [], 2
    while m > 1:
        if m % p == 0:
            f = 1
            while m % p == 0:
                m //= p
                f *= p
            out.append(f)
        p += 1
    return out


class _Field:
    """GF(q): add and mul tables (q up to a few hundred)."""

    def __init__(self, q):
        p, e = _prime_power(q)
        self.q = q
        digits = [[(x // p ** i) % p for i in range(e)] for x in range(q)]
        self.add = [[sum(((a[i] + b[i]) % p) * p ** i for i in range(e)) for b in digits]
                    for a in digits]
        if e == 1:
            self.mul = [[(a * b) % p for b in range(q)] for a in range(q)]
            return
        # a monic polynomial of degree e whose products leave no zero divisor: found, not listed
        for low in range(q):
            coef = [(low // p ** i) % p for i in range(e)]
            if any((a ** e + sum(c * a ** i for i, c in enumerate(coef))) % p == 0
                   for a in range(p)):
                continue                                # a root: a factor of degree 1
            mul = self._mul_table(digits, p, e, coef)
            if all(0 not in row[1:] for row in mul[1:]):
                self.mul = mul
                return
        raise AssertionError("no irreducible polynomial of degree %d over GF(%d)" % (e, p))

    @staticmethod
    def _mul_table(digits, p, e, low):
        def mul(a, b):
            prod = [0] * (2 * e - 1)
            for i, x in enumerate(a):
                if x:
                    for j, y in enumerate(b):
                        prod[i + j] = (prod[i + j] + x * y) % p
            for k in range(2 * e - 2, e - 1, -1):      # x^e = -low(x)
                c = prod[k]
                if c:
                    prod[k] = 0
                    for i in range(e):
                        prod[k - e + i] = (prod[k - e + i] - c * low[i]) % p
            return sum(prod[i] * p ** i for i in range(e))
        return [[mul(a, b) for b in digits] for a in digits]


_FIELDS = {}


def _field(q):
    if q not in _FIELDS:
        _FIELDS[q] = _Field(q)
    return _FIELDS[q]


# -- constructions -----------------------------------------------------------------------

def _td_factors(m):
    """m's prime-power factors if every one is at least 4 (a resolvable transversal design
    with 4 groups of m exists by the fields' product), else None."""
    fs = _factor(m)
    return fs if m > 1 and all(f >= 4 for f in fs) else None


def perfect_rounds(n):
    """How many rounds without a repeated pair the constructions give n players (0: none)."""
    return _plan(n)[0]


_PLANS = {}


def _plan(n):
    """(rounds, how) for n players: how = ("td", m) or ("copies", size) or None."""
    if n in _PLANS:
        return _PLANS[n]
    best = (1, None) if n == 4 else (0, None)
    if n % 4 == 0 and n > 4:
        m = n // 4
        if _td_factors(m):
            best = max(best, (m + (_plan(m)[0] if m % 4 == 0 else 0), ("td", m)))
        for d in range(4, n // 2 + 1, 4):               # side-by-side copies of a smaller size
            if n % d == 0 and _plan(d)[0] > best[0]:
                best = (_plan(d)[0], ("copies", d))
    _PLANS[n] = best
    return best


def construct(n, rounds):
    """Up to `rounds` rounds on points 0..n-1 in which no pair meets twice, and the
    'apart' sets: a partition of the points whose members never meet in those rounds (for
    keeping teammates apart).  ([], None) if no construction applies."""
    have, how = _plan(n)
    if not how:
        return ([[list(range(4))]] if n == 4 and rounds else []), None
    if how[0] == "copies":
        d = how[1]
        sub, apart = construct(d, rounds)
        out = [[[p + c * d for p in t] for c in range(n // d) for t in tables] for tables in sub]
        sets = None
        if apart:
            sets = [[p + c * d for c in range(n // d) for p in s] for s in apart]
        return out, sets
    m = how[1]
    fields = [_field(q) for q in _td_factors(m)]

    def enc(xs):                                  # element of the product -> 0..m-1
        v = 0
        for f, x in zip(fields, xs):
            v = v * f.q + x
        return v

    def dec(v):
        xs = []
        for f in reversed(fields):
            xs.append(v % f.q)
            v //= f.q
        return xs[::-1]

    out = []
    for b in range(min(m, rounds)):
        bs = dec(b)
        tables = []
        for a in range(m):
            as_ = dec(a)
            tables.append([g * m + enc([f.add[x][f.mul[y][g]] for f, x, y in zip(fields, as_, bs)])
                           for g in range(4)])
        out.append(tables)
    groups = [list(range(g * m, g * m + m)) for g in range(4)]
    if rounds <= m or m % 4:
        return out, groups
    sub, apart = construct(m, rounds - m)
    for tables in sub:
        out.append([[g * m + p for p in t] for g in range(4) for t in tables])
    sets = [[g * m + p for p in s] for g in range(4) for s in apart] if apart else None
    return out, sets


# -- the search ---------------------------------------------------------------------------

class _State:
    """Tables per round as player indices 0..n-1; pair counts (earlier rounds included)."""

    def __init__(self, n, team, base, alias=None):
        self.n, self.team, self.base = n, team, base
        self.alias = alias or list(range(n))    # ghosts share one count: byes spread
        self.ghost = [x != i or alias.count(x) > 1 for i, x in enumerate(self.alias)] \
            if alias else [False] * n
        self.reset([])

    def reset(self, rounds):
        self.rounds = [[t[:] for t in ts] for ts in rounds]
        self.cnt = self.base[:]                 # n*n counts at i*n+j, i<j
        self.where = []
        for tables in self.rounds:
            self._count(tables)

    def add(self, tables):
        self.rounds.append(tables)
        self._count(tables)

    def _count(self, tables):
        w = [0] * self.n
        for t, ps in enumerate(tables):
            for p in ps:
                w[p] = t
            for a, b in itertools.combinations(ps, 2):
                self.cnt[self.key(a, b)] += 1
        self.where.append(w)

    def key(self, a, b):
        a, b = self.alias[a], self.alias[b]
        return a * self.n + b if a < b else b * self.n + a

    def step(self, a, b, k, d):
        """Cost change when the pair (a, b) of key k goes from cnt to cnt + d."""
        c = self.cnt[k]
        if self.team[a] >= 0 and self.team[a] == self.team[b]:
            return TEAM * d
        if self.ghost[a] or self.ghost[b]:      # a second short table: dearer than a repeat
            return GHOST * (_pair_cost(c + d) - _pair_cost(c))
        return _pair_cost(c + d) - _pair_cost(c)

    def swap_delta(self, r, x, y):
        tx, ty = self.rounds[r][self.where[r][x]], self.rounds[r][self.where[r][y]]
        d = 0
        key, step = self.key, self.step
        for o in tx:
            if o != x:
                d += step(x, o, key(x, o), -1) + step(y, o, key(y, o), 1)
        for o in ty:
            if o != y:
                d += step(y, o, key(y, o), -1) + step(x, o, key(x, o), 1)
        return d

    def swap(self, r, x, y):
        wx, wy = self.where[r][x], self.where[r][y]
        tx, ty = self.rounds[r][wx], self.rounds[r][wy]
        for o in tx:
            if o != x:
                self.cnt[self.key(x, o)] -= 1
                self.cnt[self.key(y, o)] += 1
        for o in ty:
            if o != y:
                self.cnt[self.key(y, o)] -= 1
                self.cnt[self.key(x, o)] += 1
        tx[tx.index(x)] = y
        ty[ty.index(y)] = x
        self.where[r][x], self.where[r][y] = wy, wx

    def conflicted(self, r, p):
        """Whether p meets someone at its table in round r more than once, or a teammate."""
        for o in self.rounds[r][self.where[r][p]]:
            if o != p and (self.cnt[self.key(p, o)] > 1 or
                           (self.team[p] >= 0 and self.team[p] == self.team[o])):
                return True
        return False

    def cost(self):
        n, c, seen = self.n, 0, set()
        plain = self.alias == list(range(n))
        for a in range(n):
            for b in range(a + 1, n):
                k = a * n + b if plain else self.key(a, b)
                if not plain:
                    if k in seen:
                        continue                # a ghost's pair, counted with the first
                    seen.add(k)
                if self.team[a] >= 0 and self.team[a] == self.team[b]:
                    c += TEAM * self.cnt[k]
                elif self.ghost[a] or self.ghost[b]:
                    c += GHOST * _pair_cost(self.cnt[k])
                else:
                    c += _pair_cost(self.cnt[k])
        return c

    def perfect_cost(self):
        """The cost when no pair meets twice and no teammates meet: each meeting costs 1."""
        return sum(self.cnt)


def _pair_cost(c):
    return c * c + (REPEAT if c > 1 else 0) + (BEYOND * (c - 2) ** 2 if c > 2 else 0)


def _greedy_round(st, n_tables, rng, lock, deadline):
    """A new round seated table by table, each seat taking the player who adds the least
    cost (ties at random); locked tables first; past the deadline, the rest as they come."""
    n = st.n
    left = set(range(n))
    tables = [None] * n_tables
    for t, ps in lock.items():
        tables[t] = list(ps)
        left -= set(ps)
    left = sorted(left)
    rng.shuffle(left)
    for t in range(n_tables):
        if tables[t] is not None:
            continue
        ps = [left.pop()]
        if time.monotonic() > deadline:
            ps += [left.pop() for _ in range(3)]
        while len(ps) < 4:
            best, bi = None, 0
            for i, p in enumerate(left):
                c = sum(st.step(p, o, st.key(p, o), 1) for o in ps)
                if best is None or c < best:
                    best, bi = c, i
            ps.append(left.pop(bi))
        tables[t] = ps
    return tables


def _tabu(st, free_rounds, movable, rng, deadline, progress, stall_limit):
    """Tabu search over swaps within a round; returns (best rounds, stop reason)."""
    n = st.n
    cur = best = st.cost()
    ideal = st.perfect_cost()
    best_rounds = [[t[:] for t in ts] for ts in st.rounds]
    tabu = {}
    it = since = 0
    next_report = time.monotonic() + 0.25
    while True:
        if best == ideal:
            return best_rounds, "perfect"
        if since >= stall_limit:
            return best_rounds, "stall"
        now = time.monotonic()
        if now > deadline:
            return best_rounds, "time"
        if progress and now >= next_report:
            progress({"iterations": it, "best": _short(best - ideal)})
            next_report = now + 0.25
        it += 1
        since += 1
        r = rng.choice(free_rounds)
        xs = [p for p in range(n) if movable(r, st.where[r][p]) and st.conflicted(r, p)]
        if not xs:
            if not any(movable(rr, st.where[rr][p]) and st.conflicted(rr, p)
                       for rr in free_rounds for p in range(n)):
                return best_rounds, "stall"
            continue
        cands = []
        low = None
        for x in xs:
            tx = st.where[r][x]
            for y in range(n):
                ty = st.where[r][y]
                if ty == tx or not movable(r, ty) or (y in xs and y < x):
                    continue
                d = st.swap_delta(r, x, y)
                if tabu.get((r, x, y) if x < y else (r, y, x), -1) > it and cur + d >= best:
                    continue
                if low is None or d < low:
                    low, cands = d, [(x, y)]
                elif d == low:
                    cands.append((x, y))
        if not cands:
            continue
        x, y = rng.choice(cands)
        st.swap(r, x, y)
        cur += low
        tabu[(r, x, y) if x < y else (r, y, x)] = it + 10 + rng.randrange(10)
        if cur < best:
            best, since = cur, 0
            best_rounds = [[t[:] for t in ts] for ts in st.rounds]
        elif since % 300 == 0:
            # a kick: a few random swaps from the best, to leave a plateau
            st.reset(best_rounds)
            for _ in range(max(2, n // 8)):
                rr = rng.choice(free_rounds)
                a, b = rng.randrange(n), rng.randrange(n)
                if st.where[rr][a] != st.where[rr][b] and movable(rr, st.where[rr][a]) \
                        and movable(rr, st.where[rr][b]):
                    st.swap(rr, a, b)
            cur = st.cost()
            tabu = {}


def _short(c):
    return {"teammates": c // TEAM, "rest": c % TEAM}


# -- winds --------------------------------------------------------------------------------

def _edge_colour(edges, k):
    """A proper k-colouring of a bipartite multigraph's edges [(u, v)] of degree <= k
    (u, v hashable, the two sides never equal): colours by index.  Konig's method: colour
    a free at u, b free at v; if a is used at v, swap a and b along the alternating path
    from v (it cannot reach u), then colour a."""
    at = {}
    col = [None] * len(edges)

    def slots(x):
        s = at.get(x)
        if s is None:
            s = at[x] = [None] * k
        return s

    for i, (u, v) in enumerate(edges):
        su, sv = slots(u), slots(v)
        a, b = su.index(None), sv.index(None)
        if sv[a] is not None:
            path, x, c = [], v, a
            while True:
                e = slots(x)[c]
                if e is None:
                    break
                path.append(e)
                eu, ev = edges[e]
                x = ev if eu == x else eu
                c = b if c == a else a
            for e in path:
                for end in edges[e]:
                    slots(end)[col[e]] = None
            for e in path:
                col[e] = b if col[e] == a else a
                for end in edges[e]:
                    slots(end)[col[e]] = e
        col[i] = a
        su[a] = sv[a] = i
    return col


def seat_winds(rounds, locked=(), past_winds=None):
    """Seat order at every table (E, S, W, N) so that each player's wind counts (earlier
    ones in past_winds {player: [4 counts]} included) are as even as can be; tables in
    `locked` {(round, table)} keep their order.  Returns new rounds."""
    locked = set(locked)
    edges, seen = [], {}
    for r, tables in enumerate(rounds):
        for t, ps in enumerate(tables):
            if (r, t) in locked:
                continue
            for p in ps:                    # a player's free rounds in blocks of 4
                k = seen[p] = seen.get(p, -1) + 1
                edges.append(((0, p, k // 4), (1, r, t)))
    col = _edge_colour(edges, 4)
    out = [[[None] * 4 for _ in tables] for tables in rounds]
    for (u, v), c in zip(edges, col):
        out[v[1]][v[2]][c] = u[1]
    for (r, t) in locked:
        out[r][t] = list(rounds[r][t])
    if locked or past_winds:
        _repair_winds(out, set(locked), past_winds or {})
    return out


def balance_winds(tables, past_winds, locked=()):
    """One round's tables (seat order as given) reordered, each the best of its 24 orders
    for its players' wind counts so far {player: [E, S, W, N]}; tables at the indices in
    `locked` kept; an order changes only where another is better.  Returns new tables."""
    out = [[list(ps) for ps in tables]]
    _repair_winds(out, {(0, t) for t in locked}, past_winds)
    return out[0]


def _wind_counts(rounds, past_winds):
    cnt = {p: list(c) for p, c in past_winds.items()}
    for tables in rounds:
        for ps in tables:
            for s, p in enumerate(ps):
                cnt.setdefault(p, [0, 0, 0, 0])[s] += 1
    return cnt


def _repair_winds(out, locked, past_winds):
    """Each free table takes the best of its 24 orders given all the others, until none
    improves (sum of squared wind counts, then the spread)."""
    cnt = _wind_counts(out, past_winds)

    def score(p):
        c = cnt[p]
        return sum(x * x for x in c) * 10 + (max(c) - min(c))

    better = True
    rounds_left = 20
    while better and rounds_left:
        better = False
        rounds_left -= 1
        for r, tables in enumerate(out):
            for t, ps in enumerate(tables):
                if (r, t) in locked:
                    continue
                for s, p in enumerate(ps):
                    cnt[p][s] -= 1
                best, best_v = ps, None
                for perm in itertools.permutations(ps):
                    v = 0
                    for s, p in enumerate(perm):
                        cnt[p][s] += 1
                        v += score(p)
                        cnt[p][s] -= 1
                    if best_v is None or v < best_v:
                        best, best_v = list(perm), v
                if best != ps:
                    better = True
                    tables[t] = ps = best
                for s, p in enumerate(ps):
                    cnt[p][s] += 1
    _chains(out, locked, cnt)


def _chains(out, locked, cnt, limit=2000):
    """What one table at a time cannot mend: a player who sits wind a at least twice more
    than wind b gives an a seat for a b seat along an alternating chain (de Werra's
    balancing): at a free table where they sit a, the player at b takes a, and passes on
    one of their own a seats for a b seat, and so on, until a player who sits b more than
    a takes the a seat for good.  Everyone in between keeps their counts; the sum of
    squared counts falls by at least 2 a chain."""
    seats = {}
    for r, tables in enumerate(out):
        for t, ps in enumerate(tables):
            if (r, t) not in locked:
                for p in ps:
                    seats.setdefault(p, []).append((r, t))

    def find(p, a, b):
        """A chain [(r, t), ...] from p, or None (depth-first, each player once)."""
        seen, stack = {p}, [(p, [])]
        while stack:
            x, path = stack.pop()
            for r, t in seats.get(x, ()):
                ps = out[r][t]
                if ps[a] != x:
                    continue
                y = ps[b]
                if y in seen:
                    continue
                if cnt[y][b] - cnt[y][a] >= 1:
                    return path + [(r, t)]
                seen.add(y)
                stack.append((y, path + [(r, t)]))
        return None

    for _ in range(limit):
        chain = None
        for p in sorted(seats, key=repr):
            c = cnt[p]
            for a, b in itertools.permutations(range(4), 2):
                if c[a] - c[b] >= 2:
                    chain = find(p, a, b)
                    if chain:
                        break
            if chain:
                break
        if not chain:
            return
        for r, t in chain:
            ps = out[r][t]
            cnt[ps[a]][a] -= 1
            cnt[ps[a]][b] += 1
            cnt[ps[b]][b] -= 1
            cnt[ps[b]][a] += 1
            ps[a], ps[b] = ps[b], ps[a]


# -- figures ------------------------------------------------------------------------------

def figures(rounds, team=None, past=(), past_winds=None):
    """The figures of a schedule: pairs met more than once, the most meetings of one pair,
    teammates seated together, each player's wind counts and the largest spread of them
    (earlier rounds included when given)."""
    met, byes = {}, {}
    together = 0
    for tables in list(past) + list(rounds):
        for ps in tables:
            real = [p for p in ps if not isinstance(p, Ghost)]
            for p in real:
                byes[p] = byes.get(p, 0) + (len(real) < len(ps))
            for a, b in itertools.combinations(real, 2):
                k = (a, b) if repr(a) < repr(b) else (b, a)
                met[k] = met.get(k, 0) + 1
                if team and team.get(a) is not None and team.get(a) == team.get(b):
                    together += 1
    winds = {p: c for p, c in _wind_counts(rounds, past_winds or {}).items()
             if not isinstance(p, Ghost)}
    return {"pairs_repeated": sum(1 for c in met.values() if c > 1),
            "most_ghost_tables": max(byes.values(), default=0),
            "most_meetings": max(met.values()) if met else 0,
            "pairs_met": len(met),
            "teammates_together": together,
            "winds": winds,
            "wind_spread": max((max(c) - min(c) for c in winds.values()), default=0)}


# -- the whole ----------------------------------------------------------------------------

class Ghost:
    """An empty seat filling the last tables when the players are not a multiple of 4: a
    player seated with one plays three-handed (or with a substitute) that round."""

    def __init__(self, k):
        self.k = k

    def __repr__(self):
        return "ghost%d" % self.k


_GHOSTS = Ghost(-1)                  # the ghosts' team: never two empty seats at one table


def schedule(players, rounds, teams=None, locked=None, past=(), past_winds=None, seed=0,
             budget=10.0, progress=None, stall=None, construction=True, ghosts=False):
    """The whole event's (or the rest of it's) seating.

    players: ids (hashable), a multiple of 4; rounds: how many to schedule; teams: {player:
    team id} to keep teammates apart (None: no teams); locked: {(round, table): [4 ids in seat
    order]} kept as they are; past: earlier rounds' tables (lists of 4 ids), whose meetings
    count; past_winds: {player: [E, S, W, N counts]} so far; seed: the same seed gives the
    same schedule; budget: seconds at most; progress: called with a dict now and then;
    stall: swaps without improvement before giving up (default: from the size);
    construction: False to search from a greedy start only (for comparison); ghosts: fill
    the last seats with Ghost()s when the players are not a multiple of 4 (at most one a
    table, and spread: a player meets a ghost as seldom as a pair meets)."""
    start = time.monotonic()
    players = list(players)
    if ghosts and len(players) % 4:
        extra = [Ghost(k) for k in range(4 - len(players) % 4)]
        players += extra
        teams = dict(teams or {})
        teams.update({g: _GHOSTS for g in extra})
    n = len(players)
    if n < 4 or n % 4 or len(set(players)) != n:
        raise ScheduleError("%d distinct players given: a multiple of 4 needed", len(set(players)))
    if rounds < 1:
        raise ScheduleError("at least one round to schedule")
    n_tables = n // 4
    index = {p: i for i, p in enumerate(players)}
    locks = {}
    for (r, t), ps in (locked or {}).items():
        if not (0 <= r < rounds and 0 <= t < n_tables) or len(ps) != 4 or \
                len(set(ps)) != 4 or not all(p in index for p in ps):
            raise ScheduleError("locked table %s of round %s: 4 of the players, in a round and "
                                "a table scheduled, needed", t + 1, r + 1)
        locks.setdefault(r, {})
        if {index[p] for p in ps} & {i for q in locks[r].values() for i in q}:
            raise ScheduleError("round %s: locked tables share a player", r + 1)
        locks[r][t] = [index[p] for p in ps]
    rng = random.Random(seed)
    team_of = [-1] * n
    if teams:
        ids = {}
        for p, tm in teams.items():
            if p in index and tm is not None:
                team_of[index[p]] = ids.setdefault(tm, len(ids))

    built, label = _start(n, rounds if construction else 0, team_of if teams else None, rng,
                          bool(locks or past))
    base = [0] * (n * n)
    for tables in past:
        for ps in tables:
            for a, b in itertools.combinations([index[p] for p in ps if p in index], 2):
                base[a * n + b if a < b else b * n + a] += 1
    past_pairs = [(a, b) for a in range(n) for b in range(a + 1, n)
                  for _ in range(base[a * n + b])]
    placed, label = _fit(built, label, rounds, locks, past_pairs, team_of, rng,
                         start + budget / 3)
    used = sum(1 for x in placed if x is not None)
    method = ("construction" if used == rounds else "construction+search" if used
              else "search")
    alias = list(range(n))
    ghost_at = [i for i, p in enumerate(players) if isinstance(p, Ghost)]
    for i in ghost_at:
        alias[i] = ghost_at[0]
    st = _State(n, team_of, base, alias)
    for r in range(rounds):
        if placed[r] is not None:
            tables = [[label[pt] for pt in ps] for ps in placed[r]]
            for t, ps in locks.get(r, {}).items():
                _impose(tables, t, ps)
        else:
            tables = _greedy_round(st, n_tables, rng, locks.get(r, {}), start + budget)
        st.add(tables)
    fixed = {(r, t) for r, ls in locks.items() for t in ls}
    free_rounds = [r for r in range(rounds) if len(locks.get(r, {})) < n_tables - 1]
    seated = st.rounds
    stopped = "perfect" if st.cost() == st.perfect_cost() else "locked"   # nothing to move
    if free_rounds:
        limit = stall if stall is not None else 1000 + 10 * n
        seated, stopped = _tabu(st, free_rounds, lambda r, t: (r, t) not in fixed, rng,
                                start + budget, progress, limit)
    # tables numbered afresh each round (a construction would keep some players at one
    # table all event); locked tables keep their numbers
    for r, tables in enumerate(seated):
        free = [t for t in range(n_tables) if (r, t) not in fixed]
        moved = [tables[t] for t in free]
        rng.shuffle(moved)
        for t, ps in zip(free, moved):
            tables[t] = ps
    out = [[[players[i] for i in ps] for ps in tables] for tables in seated]
    lock_ids = {(r, t): ps for (r, t), ps in (locked or {}).items()}
    for (r, t), ps in lock_ids.items():
        out[r][t] = list(ps)
    out = seat_winds(out, set(lock_ids), past_winds)
    figs = figures(out, teams, past, past_winds)
    figs.update(seconds=round(time.monotonic() - start, 3), method=method, stopped=stopped,
                perfect_rounds=perfect_rounds(n))
    if progress:
        progress({"done": True, "pairs_repeated": figs["pairs_repeated"]})
    return Schedule(out, figs)


def _impose(tables, t, ps):
    """Round `tables` changed by swaps of players so that table t holds ps (in order)."""
    for s, p in enumerate(ps):
        for u, other in enumerate(tables):
            if p in other:
                i = other.index(p)
                other[i], tables[t][s] = tables[t][s], other[i]
                break


def _start(n, rounds, team_of, rng, choose=False):
    """The construction's rounds (as many as it gives, up to `rounds`) and its points'
    players (point -> player index, shuffled by the seed); choose: more rounds than asked,
    to choose from (organiser.event.schedule._fit).  With teams, the most rounds
    whose apart sets hold every team whole; none if no number of rounds does."""
    order = list(range(n))
    rng.shuffle(order)
    top = min(rounds, perfect_rounds(n))
    if team_of is None:
        # with locked tables or rounds played, more rounds than asked: room to choose
        built, _ = construct(n, min(perfect_rounds(n), 3 * top) if choose else top)
        return built, order
    for k in range(top, 0, -1):
        built, apart = construct(n, k)
        if apart:
            label, whole = _pack(order, team_of, apart)
            if whole:
                return built, label
    return [], order


def _fit(built, label, rounds, locks, past_pairs, team_of, rng, deadline):
    """The construction's rounds placed in the schedule's rounds ([tables or None] a
    round) and relabelled (point -> player) so that locked tables are tables of it and
    pairs met in earlier rounds meet again as little as can be: a hill climb on swaps of
    two players' points (teammates' points only among teammates), bounded in time."""
    n, k_all = len(label), len(built)
    if not built:
        return [None] * rounds, label
    at = [[0] * n for _ in built]
    meet = {}
    for k, tables in enumerate(built):
        for t, ps in enumerate(tables):
            for p in ps:
                at[k][p] = t
            for a, b in itertools.combinations(ps, 2):
                meet[a * n + b if a < b else b * n + a] = k
    inv = [0] * n
    for pt, p in enumerate(label):
        inv[p] = pt
    lock_list = [(r, ps) for r, ls in locks.items() for ps in ls.values()]

    def mismatch(k, ps):
        seen = {}
        for p in ps:
            t = at[k][inv[p]]
            seen[t] = seen.get(t, 0) + 1
        return 4 - max(seen.values())

    def conflicts():
        conf = [0] * k_all
        for a, b in past_pairs:
            pa, pb = inv[a], inv[b]
            k = meet.get(pa * n + pb if pa < pb else pb * n + pa)
            if k is not None:
                conf[k] += 1
        return conf

    def evaluate():
        c = sum(10 * min(mismatch(k, ps) for k in range(k_all)) for _, ps in lock_list)
        return c + sum(sorted(conflicts())[:rounds])

    if lock_list or past_pairs:
        cur, tries = evaluate(), 0
        anchor = None
        if cur and lock_list and all(t < 0 for t in team_of):
            # the most locked round laid on the construction's first round at once; the
            # climb then mostly swaps players within its tables, which keeps it laid
            r0 = max(sorted(locks), key=lambda r: len(locks[r]))
            old, placed = inv[:], set()
            for ps, pts in zip(locks[r0].values(), built[0]):
                for p, pt in zip(ps, pts):
                    inv[p] = pt
                    placed.add(p)
            taken = {inv[p] for p in placed}
            rest = [pt for pt in range(n) if pt not in taken]
            for p, pt in zip(sorted((p for p in range(n) if p not in placed),
                                    key=old.__getitem__), rest):
                inv[p] = pt
            v = evaluate()
            if v < cur:
                cur, anchor = v, built[0]
            else:
                inv[:] = old
        who = [0] * n
        for p, pt in enumerate(inv):
            who[pt] = p
        while cur and tries < 3000 and time.monotonic() < deadline:
            tries += 1
            if anchor and rng.random() < 0.7:
                pa, pb = rng.sample(anchor[rng.randrange(len(anchor))], 2)
                i, j = who[pa], who[pb]
            else:
                i, j = rng.randrange(n), rng.randrange(n)
            if i == j or team_of[i] != team_of[j]:
                continue
            inv[i], inv[j] = inv[j], inv[i]
            who[inv[i]], who[inv[j]] = i, j
            v = evaluate()
            if v <= cur:
                if v < cur:
                    tries = 0
                cur = v
            else:
                inv[i], inv[j] = inv[j], inv[i]
                who[inv[i]], who[inv[j]] = i, j
    conf = conflicts()
    free = set(range(k_all))
    out = [None] * rounds
    for r in sorted(locks):                     # locked rounds: the best matching round
        if free:
            k = min(sorted(free), key=lambda k: (sum(mismatch(k, ps) for ps in locks[r].values()),
                                                  conf[k]))
            out[r] = built[k]
            free.discard(k)
    for r in range(rounds):
        if r not in locks and free:
            k = min(sorted(free), key=lambda k: conf[k])
            out[r] = built[k]
            free.discard(k)
    label = [0] * n
    for p, pt in enumerate(inv):
        label[pt] = p
    return out, label


def _pack(order, team_of, apart):
    """point -> player: each team's players into one apart set where it fits (largest
    teams first), the others in what room is left; ties broken by `order` (the seed)."""
    room = [list(s) for s in apart]
    members = {}
    loose = []
    for p in order:
        if team_of[p] >= 0:
            members.setdefault(team_of[p], []).append(p)
        else:
            loose.append(p)
    label = [None] * len(order)
    whole = True
    for tm in sorted(members, key=lambda x: -len(members[x])):
        ps = members[tm]
        fit = [i for i, s in enumerate(room) if len(s) >= len(ps)]
        if fit:
            s = room[max(fit, key=lambda i: len(room[i]))]
            for p in ps:
                label[s.pop()] = p
        else:                                           # too big for any: spread it
            whole = False
            for p in ps:
                s = max(room, key=len)
                label[s.pop()] = p
    rest = [pt for s in room for pt in s]
    for pt, p in zip(rest, loose):
        label[pt] = p
    return label, whole
