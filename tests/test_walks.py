"""The walks of docs/layout.md (each "## The ... walk" section: a flow followed through the
code as numbered steps) name real code: in every step each name in backquotes written
`module.function` or `module.Class.method` is a function of that module, found in its
source (ast, nothing imported).  Firmware modules go by their name on the device (flat
folders, host_tools.paths.FLAT_DIRS, and the packages of firmware/), the organiser's and
the host's by their package path."""

import ast
import os
import re

from host_tools import paths

LAYOUT = os.path.join(paths.ROOT, "docs", "layout.md")
WALK = re.compile(r"^## The .+ walk\s*$")
STEP = re.compile(r"^\s*(\d+)\.\s")
NAME = re.compile(r"`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)`")


def walks(text):
    """{section title: [(step number, step text)]} for each walk section of text."""
    out = {}
    title = None
    for line in text.splitlines():
        if line.startswith("## "):
            title = line[3:].strip() if WALK.match(line) else None
            if title is not None:
                out[title] = []
            continue
        if title is None:
            continue
        m = STEP.match(line)
        if m:
            out[title].append([int(m.group(1)), line[m.end():]])
        elif line.strip() and out[title]:
            out[title][-1][1] += " " + line.strip()         # a step's lines go on
    return {t: [tuple(s) for s in steps] for t, steps in out.items()}


def source_of(module, root=paths.ROOT):
    """The source file of a module named as the device or the host imports it, or None."""
    parts = module.split(".")
    fw = os.path.join(root, "firmware")
    places = []
    if len(parts) == 1:
        places += [os.path.join(fw, d, module + ".py") for d in paths.FLAT_DIRS + ("vendor",)]
        places += [os.path.join(fw, module + ".py"), os.path.join(fw, module, "__init__.py")]
    else:
        places.append(os.path.join(fw, *parts) + ".py")
        places.append(os.path.join(fw, *parts, "__init__.py"))
    if parts[0] in ("organiser", "host_tools"):
        places.append(os.path.join(root, *parts) + ".py")
        places.append(os.path.join(root, *parts, "__init__.py"))
    for p in places:
        if os.path.isfile(p):
            return p
    return None


def defined(path, names):
    """True when names (["Class", "method"] or ["function"]) is a function in the source
    at path: classes walked into, the last name a def or an async def."""
    body = ast.parse(open(path, encoding="utf-8").read(), path).body
    for i, name in enumerate(names):
        last = i == len(names) - 1
        found = None
        for node in body:
            kinds = (ast.FunctionDef, ast.AsyncFunctionDef) if last else (ast.ClassDef,)
            if isinstance(node, kinds) and node.name == name:
                found = node
        if found is None:
            return False
        body = found.body
    return True


def unknown(name, root=paths.ROOT):
    """Why `name` is not module.function (the longest module prefix first), or None."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        path = source_of(".".join(parts[:cut]), root)
        if path is not None:
            if defined(path, parts[cut:]):
                return None
            return "%s: no function %s in %s" % (name, ".".join(parts[cut:]),
                                                 os.path.relpath(path, root))
    return "%s: no module of that name" % name


def problems(text, root=paths.ROOT):
    """Every step of every walk of text that names no function, or a function not there."""
    bad = []
    for title, steps in walks(text).items():
        if not steps:
            bad.append("%s: no numbered steps" % title)
        for i, (n, step) in enumerate(steps):
            if n != i + 1:
                bad.append("%s: step %d numbered %d" % (title, i + 1, n))
            names = NAME.findall(step)
            if not names:
                bad.append("%s, step %d: names no `module.function`" % (title, n))
            for name in names:
                why = unknown(name, root)
                if why:
                    bad.append("%s, step %d: %s" % (title, n, why))
    return bad


def test_the_key_press_walk_is_there():
    text = open(LAYOUT, encoding="utf-8").read()
    got = walks(text)
    assert "The key-press walk" in got and len(got["The key-press walk"]) >= 10, sorted(got)


def test_every_step_of_every_walk_names_functions_that_exist():
    assert problems(open(LAYOUT, encoding="utf-8").read()) == []


def test_a_wrong_name_in_a_walk_is_caught():
    text = ("## The test walk\n\n1. `session.Session.save` writes,\n"
            "   `session.Session.nowhere` does not exist.\n"
            "2. `nosuchmodule.run` neither.\n3. Nothing named here.\n"
            "5. `journal.Journal.append` is numbered wrong.\n"
            "## Not a walk\n\n1. `nosuchmodule.ignored` is outside any walk.\n")
    found = "\n".join(problems(text))
    assert ("step 1: session.Session.nowhere: no function Session.nowhere in "
            "firmware/lib/table/session.py") in found
    assert "step 2: nosuchmodule.run: no module of that name" in found
    assert "step 3: names no `module.function`" in found
    assert "step 4 numbered 5" in found
    assert "session.Session.save" not in found.replace("Session.nowhere", "")
    assert "ignored" not in found
