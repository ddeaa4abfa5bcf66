"""A private PostgreSQL server for the organiser's tests, from Debian's packages: `initdb`
in a temporary folder, `pg_ctl start` listening on a unix socket in that folder only (no
TCP port), a fresh database per test, stopped and removed afterwards.

PostgreSQL refuses to run as root: as root (CI, a fresh machine) the cluster belongs to
`nobody` and its commands run through `runuser`; the tests connect over the socket with
trust authentication as the cluster's own role."""

import glob
import itertools
import os
import shutil
import subprocess
import tempfile

ROLE = "organiser"
RUN_AS = "nobody"


def bindir():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[-3]) if p.split("/")[-3].isdigit() else 0)
    if not found:
        raise RuntimeError("PostgreSQL's server is not installed: setup/install.sh installs "
                           "Debian's postgresql package (make build)")
    return os.path.dirname(found[-1])


class PostgresServer:
    def __init__(self, durable=False):
        self.durable = durable          # fsync as in production (the benchmark's figures)
        self.bin = bindir()
        self.dir = None
        self.names = itertools.count(1)

    def _run(self, *cmd):
        cmd = [os.path.join(self.bin, cmd[0])] + list(cmd[1:])
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", RUN_AS, "--"] + cmd
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd="/")

    def start(self):
        # under /tmp itself: the server's user must reach it (pytest's tmp_path is root's only)
        self.dir = tempfile.mkdtemp(prefix="organiser-pg-", dir="/tmp")
        if os.geteuid() == 0:
            shutil.chown(self.dir, RUN_AS)
        data = os.path.join(self.dir, "data")
        self._run("initdb", "-D", data, "-U", ROLE, "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")
        # a test server: no fsync (the data lives as long as the tests), room for two
        # organiser processes' connections
        opts = "-k %s -c listen_addresses='' -c max_connections=300" % self.dir
        if not self.durable:
            opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", data, "-l", os.path.join(self.dir, "log"), "-w", "-t", "30",
                  "-o", opts, "start")
        return self

    def url(self, dbname="postgres"):
        return "postgresql://%s@/%s?host=%s" % (ROLE, dbname, self.dir)

    def new_database(self):
        """The URL of a new, empty database."""
        import psycopg
        name = "t%d" % next(self.names)
        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute("CREATE DATABASE %s" % name)
        return self.url(name)

    def stop(self):
        if self.dir is None:
            return
        try:
            self._run("pg_ctl", "-D", os.path.join(self.dir, "data"), "-m", "immediate", "-w",
                      "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None
