"""Imports go one way: every module of firmware/, boards/, host_tools/ and the organiser,
with the names the firmware hands its dynamic loaders, read from the sources (ast, nothing
imported) and checked against one table of layers.  A module may import or load its own
layer or a lower one, never a higher one, and no two modules may import each other,
directly or round a circle (import statements: a module loaded by name may use the
helpers of the one that loads it).  The screens and the network reach the table only
through its door, the session: from the table and the layers below it they import `session`
alone (heap, the device's settings and the screens' own data are theirs).  A copy of the
tree with violations planted shows each kind is caught."""

import ast
import fnmatch
import json
import os
import shutil
import subprocess
import sys

import pytest

from host_tools import paths

# The layers, lowest first: (name, module patterns).  Firmware modules go by their name on
# the device (firmware/lib's folders and firmware/net are flat there: host_tools.paths
# .FLAT_DIRS; rules, ui, drivers are packages; boards/<b>.py is the device's `board`).
# Every module is in exactly one layer: named there, or else matching one pattern.
LAYERS = (
    # the device
    ("board", ("board", "drivers", "drivers.*", "hmac", "cpy", "cpy.pins", "cpy.cptime",
               "cpy.cpsys", "cpy.cphashlib", "cpy.cpframebuf", "cpy.cpnetwork", "cpy.cpstreams",
               "cpy.runtime", "web", "web.runtime", "web.streams")),
    ("heap", ("heap",)),
    ("engine", ("tiles", "errors", "errtext", "hand", "handparse", "tilecheck", "dtable", "engine", "shapes", "eltable")),
    ("rules", ("rules", "rules.mcr", "rules.mcr_data", "rules.mcr_special", "rules.hk", "rules.hk_data", "rules.hk_names",
               "rules.hk_shapes", "rules.hk_lique", "rules.tw", "rules.tw_exclusions", "rules.sh",
               "rules.riichi", "rules.riichi_names",
               "rules.*_en", "rules.*_hans", "rules.*_hant")),
    ("scoring", ("scorers", "langs", "contract")),
    ("table", ("files", "session", "asks", "dropped", "facts", "sessionops", "commit", "journal",
               "checkpoint", "spare", "clockops", "adjustops", "record2", "rebuild", "rerun",
               "rules.*_table", "rules.*_events")),
    ("device", ("settings", "devloop", "roundclock")),
    ("ui data", ("ui", "ui.keymap", "ui.labels")),
    ("net", ("netlink", "uploader", "seating")),
    ("ui", ("ui.*", "cpy.oled", "cpy.keys")),
    ("app", ("main", "boot", "cpy.boot", "cpy.code", "web.main")),
    # the organiser: its rooms (ORGANISER_ROOMS), each a layer
    *(("organiser " + room, ()) for room in ("text", "guard", "store", "event", "scoring",
                                              "results", "live", "api", "pages", "app",
                                              "league")),
    # the host's tools (they may run the firmware's modules on CPython)
    ("host generators", ("host_tools", "host_tools.gen.tables")),
    ("host paths", ("host_tools.paths",)),
    ("host build", ("host_tools.gen", "host_tools.gen.font", "host_tools.gen.fontcols",
                    "host_tools.gen.elnames",
                    "host_tools.gen.tablewords",
                    "host_tools.buildlock",
                    "host_tools.build")),
    ("host encoders", ("host_tools.keys", "host_tools.mcr_oracle", "host_tools.riichi_oracle",
                       "host_tools.riichi_play", "host_tools.tilecodes")),
    ("host board", ("host_tools.board", "host_tools.board.*", "host_tools.journalview")),
    ("host CLIs", ("host_tools.jsonl", "host_tools.score", "host_tools.table", "host_tools.run",
                   "host_tools.replay")),
    ("host sim", ("host_tools.sim", "host_tools.sim.*")),
    ("host bench", ("host_tools.bench", "host_tools.bench.*")),
)
# The organiser's layers are its rooms: a module's room is the folder of organiser/ it is
# in (organiser/pages/admin/x.py: "pages"), the package's own modules (organiser/*.py) are
# "app"; the rooms' order is the organiser layers' order in LAYERS, lowest first.  A
# folder of organiser/ that is no room, or a room without its folder, is a violation.
ORGANISER_ROOMS = tuple(n[len("organiser "):] for n, _ in LAYERS if n.startswith("organiser "))
ORGANISER_TOP = "app"           # organiser/*.py: the application, the server, the CLI

# Where a layer's modules may never reach, whatever their rank: the device's code never
# imports the host's tools or the organiser, the organiser neither of the others.
APART = {"firmware": ("host_tools", "organiser"), "organiser": ("host_tools", "firmware")}

# The firmware's dynamic loaders: a call whose first argument, a string, names a module
# (heap.load, __import__), and scorers' "rules." + id
# over its RULESETS; and module-level names holding such names, with the module that
# hands them to a loader (a hook's EVENTS_MODULE names a module of rules/; heap's _attrs
# the table's steps the session reaches as heap.<name>).
LOADERS = ("load", "__import__")
NAME_HOLDERS = {"EVENTS_MODULE": "sessionops", "NAMER": "session", "_HOOKS": "commit",
                "_attrs": "session"}
# The table's door: the screens' and the network's layers import, of the table's layer and
# those below it down to the engine, this module alone.
DOOR = "session"
BEHIND_DOOR = ("engine", "rules", "scoring", "table")
OUTSIDE_DOOR = ("ui data", "net", "ui")


def modules(root):
    """{module name: (path, side)} for every module of the tree at root."""
    out = {}
    fw = os.path.join(root, "firmware")
    flat = [os.path.join(fw, d) for d in paths.FLAT_DIRS] + [os.path.join(fw, "vendor")]
    for folder in flat:
        for n in os.listdir(folder):
            if n.endswith(".py"):
                out[n[:-3]] = (os.path.join(folder, n), "firmware")
    for n in os.listdir(fw):
        p = os.path.join(fw, n)
        if n.endswith(".py"):
            out[n[:-3]] = (p, "firmware")
        elif os.path.isdir(p) and os.path.exists(os.path.join(p, "__init__.py")):
            for m in os.listdir(p):
                if m.endswith(".py"):
                    name = n if m == "__init__.py" else n + "." + m[:-3]
                    out[name] = (os.path.join(p, m), "firmware")
    boards = os.path.join(root, "boards")
    for n in os.listdir(boards):
        if n.endswith(".py"):
            out.setdefault("board", (os.path.join(boards, n), "firmware"))
            out["board:" + n[:-3]] = (os.path.join(boards, n), "firmware")
    for top in ("host_tools", "organiser"):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            rel = os.path.relpath(folder, root).replace(os.sep, ".")
            for n in files:
                if n.endswith(".py"):
                    name = rel if n == "__init__.py" else rel + "." + n[:-3]
                    out[name] = (os.path.join(folder, n), top)
    return out


def _strings(node):
    """The string constants of a str, a tuple/list of them or a dict's values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [s for e in node.elts for s in _strings(e)]
    if isinstance(node, ast.Dict):
        return [s for v in node.values for s in _strings(v)]
    return []


def imported(path, known, rulesets, side):
    """The known modules the source at path imports, statically or by a name it hands a
    dynamic loader: [(module, line, importer, static)], importer None for the module
    itself, static False for a name handed to a loader.  The organiser's bare names are the standard
    library's (the firmware is never on its path: `hmac` there is CPython's)."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    out = []

    def add(name, line, by=None, static=True):
        if side == "organiser" and not name.startswith(("organiser", "host_tools")):
            return
        if name not in known and "rules." + name in known:      # EVENTS_MODULE
            name = "rules." + name
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name:
            out.append((name, line, by, static))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                add(a.name, node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                full = node.module + "." + a.name
                add(full if full in known else node.module, node.lineno)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in LOADERS:
            if node.args:
                arg = node.args[0]
                for s in _strings(arg):
                    add(s, node.lineno, static=False)
                if (isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant)
                        and isinstance(arg.left.value, str) and isinstance(arg.right, ast.Name)):
                    # "rules." + rid
                    for rid in rulesets:
                        add(arg.left.value + rid, node.lineno, static=False)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name) and t.id in NAME_HOLDERS:
                    for s in _strings(node.value):
                        add(s, node.lineno, NAME_HOLDERS[t.id], False)
    return out


def room_of(name):
    """The organiser's room a module of it is in: its folder under organiser/."""
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in ORGANISER_ROOMS and parts[1] != ORGANISER_TOP:
        return parts[1]
    return ORGANISER_TOP


def layer_of(name):
    """The indexes of the layers naming the module (a name written out beats a pattern;
    the organiser's by the room its folder is)."""
    if name.split(".")[0] == "organiser":
        return [[n for n, _ in LAYERS].index("organiser " + room_of(name))]
    exact = [i for i, (_, pats) in enumerate(LAYERS) if name in pats]
    return exact or [i for i, (_, pats) in enumerate(LAYERS)
                     if any(fnmatch.fnmatchcase(name, p) for p in pats)]


def check(root):
    """Every violation in the tree at root, as readable lines (none: the layers hold)."""
    known = modules(root)
    names = {n: v for n, v in known.items() if not n.startswith("board:")}
    scorers = ast.parse(open(known["scorers"][0], encoding="utf-8").read())
    rulesets = [s for node in ast.walk(scorers) if isinstance(node, ast.Assign)
                and any(getattr(t, "id", None) == "RULESETS" for t in node.targets)
                for s in _strings(node.value)]
    assert rulesets, "scorers.RULESETS not found"
    bad = rooms_unknown(root)
    graph = {}
    for name, (path, side) in sorted(known.items()):
        me = "board" if name.startswith("board:") else name
        mine = layer_of(me)
        if len(mine) != 1:
            bad.append("%s (%s): in %d layers of LAYERS, not one" % (me, path, len(mine)))
            continue
        for dep, line, by, static in imported(path, names, rulesets, side):
            where = "%s:%d" % (os.path.relpath(path, root), line)
            if by is not None:              # a name handed to `by`'s loader
                where += " (loaded by %s)" % by
                mine = layer_of(by)
                me_now = by
            else:
                mine = layer_of(me)
                me_now = me
            dep_side = names[dep][1]
            if dep_side in APART.get(side, ()):
                bad.append("%s imports %s: %s never imports %s" % (where, dep, side, dep_side))
                continue
            theirs = layer_of(dep)
            if len(theirs) == 1 and theirs[0] > mine[0]:
                bad.append("%s imports %s: layer %r above %r" % (where, dep, LAYERS[theirs[0]][0],
                                                                 LAYERS[mine[0]][0]))
            elif (len(theirs) == 1 and dep != DOOR and LAYERS[mine[0]][0] in OUTSIDE_DOOR
                  and LAYERS[theirs[0]][0] in BEHIND_DOOR):
                bad.append("%s imports %s: the screens and the network reach the table only "
                           "through %s" % (where, dep, DOOR))
            if static and dep != me_now:
                graph.setdefault(me_now, set()).add(dep)
    bad += ["a circle: " + " -> ".join(c) for c in circles(graph)]
    return bad


def rooms_unknown(root):
    """The organiser's folders that are no room and the rooms without a folder."""
    top = os.path.join(root, "organiser")
    folders = {n for n in os.listdir(top)
               if os.path.isfile(os.path.join(top, n, "__init__.py"))}
    rooms = set(ORGANISER_ROOMS) - {ORGANISER_TOP}
    return (["organiser/%s/: a folder that is no room of ORGANISER_ROOMS" % n
             for n in sorted(folders - rooms)] +
            ["organiser/%s/: a room with no folder" % n for n in sorted(rooms - folders)])


def circles(graph):
    """One path round each circle of the import graph (Tarjan's strongly connected parts)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(_round(graph, set(part)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _round(graph, part):
    """The shortest path from the part's first module back to itself, within the part."""
    start = min(part)
    paths_to = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph.get(v, ())):
            if w == start:
                return paths_to[v] + [start]
            if w in part and w not in paths_to:
                paths_to[w] = paths_to[v] + [w]
                todo.append(w)
    return sorted(part)


def test_every_module_keeps_to_its_layer_and_no_imports_go_round():
    assert check(paths.ROOT) == []


def test_a_planted_violation_of_each_kind_is_caught(tmp_path):
    for top in ("firmware", "boards", "host_tools", "organiser"):
        shutil.copytree(os.path.join(paths.ROOT, top), tmp_path / top,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mjs", "*.html", "*.css", "*.js"))
    assert check(str(tmp_path)) == []           # the copy is as clean as the tree

    def plant(rel, text):
        with open(tmp_path / rel, "a", encoding="utf-8") as f:
            f.write(text)

    plant("firmware/lib/engine/hand.py", "\n\ndef _late():\n    import session\n")
    plant("firmware/ui/status.py", "\nfrom host_tools import paths\n")
    plant("firmware/rules/mcr_table.py", '\nEVENTS_MODULE = "ui.app"\n')
    plant("organiser/store/db.py", "\n\ndef _late():\n    from organiser.results import views\n")
    plant("organiser/results/standings.py", "\nfrom organiser.pages import pages\n")
    os.makedirs(tmp_path / "organiser" / "misc")
    plant("organiser/misc/__init__.py", "\nfrom organiser.store import db\n")
    plant("host_tools/paths.py", "\n\ndef _late():\n    from host_tools import build\n")
    plant("firmware/ui/history.py", "\n\ndef _late():\n    import journal\n")
    plant("firmware/net/uploader.py", '\n\ndef _late():\n    return heap.load("commit")\n')
    found = "\n".join(check(str(tmp_path)))
    assert "firmware/lib/engine/hand.py:" in found and "imports session: layer 'table' above 'engine'" in found
    assert "firmware/ui/status.py:" in found and "firmware never imports host_tools" in found
    assert "firmware/rules/mcr_table.py:" in found and "imports ui.app: layer 'ui' above 'table'" in found
    assert "organiser/store/db.py:" in found and "imports organiser.results.views: layer " \
        "'organiser results' above 'organiser store'" in found
    assert "organiser/results/standings.py:" in found and "imports organiser.pages.pages: " \
        "layer 'organiser pages' above 'organiser results'" in found
    assert "organiser/misc/: a folder that is no room" in found
    assert "a circle: host_tools.build -> host_tools.paths -> host_tools.build" in found, found
    assert ("firmware/ui/history.py:" in found and "imports journal: the screens and the "
            "network reach the table only through session" in found), found
    assert "firmware/net/uploader.py:" in found and "imports commit: the screens" in found, found


EVENT_RUN = r"""
import json, os, sys
sys.path.insert(0, %(root)r)
from host_tools import paths
paths.use_firmware()
sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
import sessiongen, session, scorers
before = set(sys.modules)
s = session.Session(%(journal)r)
for ev in sessiongen.long_session(%(rid)r, 7, sessions=2, n=40):
    s.handle(ev)
parts = getattr(scorers.load(%(rid)r), "PARTS", "").split()   # loaded for some hands
print(json.dumps({"new": sorted(set(sys.modules) - before), "brought": scorers._brought + parts}))
"""


def heap_table(name):
    """A tuple of heap.py's table of what comes and goes (EVENT, SCREENS...), read from
    the source."""
    tree = ast.parse(open(os.path.join(paths.ROOT, "firmware", "lib", "engine", "heap.py"),
                          encoding="utf-8").read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name
                                                for t in node.targets):
            return [w for s in _strings(node.value) for w in s.split()]
    raise AssertionError("heap.%s not found" % name)


def heap_once():
    """heap.py's ONCE row: the modules loaded for one call and forgotten at once (a
    comment line there, "# ONCE: name name ...", so that RAM holds none of it)."""
    for line in open(os.path.join(paths.ROOT, "firmware", "lib", "engine", "heap.py"),
                     encoding="utf-8"):
        if line.startswith("# ONCE: "):
            return line[8:].split()
    raise AssertionError("heap.py's ONCE line not found")


@pytest.mark.parametrize("rid", ("mcr", "hk", "tw", "sh", "riichi"))
def test_session_lists_every_module_an_event_loads(rid, tmp_path):
    """What Session._unload drops (heap.EVENT, with the scorer, what its import brings,
    rules.<id>* and its PARTS), and what is dropped at once after one call (heap.ONCE), is all the
    firmware modules a long session's events load: nothing is loaded by name that heap's
    table does not list, and so cannot drop."""
    code = EVENT_RUN % {"root": paths.ROOT, "journal": str(tmp_path / "j.bin"), "rid": rid}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    firmware = {n for n, (_, side) in modules(paths.ROOT).items() if side == "firmware"}
    new = {n for n in got["new"] if n in firmware}
    listed = heap_table("EVENT")
    assert {"sessionops", "commit", "journal", "rules.%s_table" % rid} <= set(listed)
    once = {n for n in new if any(fnmatch.fnmatchcase(n, p) for p in heap_once())}
    allowed = set(listed) | once | set(got["brought"]) | {"rules"}
    assert new - allowed == {n for n in new if n.startswith("rules." + rid)} - allowed
    assert "sessionops" in new and "commit" in new and "journal" in new      # it did run
    unlisted = {n for n in new - allowed if not n.startswith("rules." + rid)}
    assert not unlisted, "loaded by an event, not in heap.py's table: %s" % unlisted
