# python -m host_tools.bench [NAME [ARGS]]: one benchmark by name, or `make bench`'s set.
import runpy
import sys

from host_tools.bench import DEFAULT, NAMES


def run(name, args):
    sys.argv = ["host_tools.bench." + name] + args
    runpy.run_module("host_tools.bench." + name, run_name="__main__", alter_sys=True)


if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(sys.modules["host_tools.bench"].__doc__)
    for n, what in NAMES.items():
        print("  %-10s %s" % (n, what))
elif len(sys.argv) > 1:
    if sys.argv[1] not in NAMES:
        sys.exit("no benchmark %r (one of %s)" % (sys.argv[1], ", ".join(NAMES)))
    run(sys.argv[1], sys.argv[2:])
else:
    for n in DEFAULT:
        run(n, [])
