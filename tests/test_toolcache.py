"""The toolchains' cache outside the checkout (host_tools/board/toolcache.py): a tool is
found again under the key it was stored with, under no other; a clone elsewhere finds
it (the key holds no path); MAHJONG_TOOL_CACHE=0 keeps and finds nothing; the C builds
go through ccache with the checkout as its base directory."""

import os
import stat

from host_tools import paths
from host_tools.board import toolcache


def tool(tmp_path, text):
    p = tmp_path / "built" / "mpy-cross"
    p.parent.mkdir(exist_ok=True)
    p.write_text(text)
    p.chmod(0o755)
    return str(p)


def test_a_tool_is_found_by_its_key_and_only_by_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("MAHJONG_TOOL_CACHE", raising=False)
    k = toolcache.key("tarball-sha", "build.sh-sha", "gcc 12.2")
    assert k == toolcache.key("tarball-sha", "build.sh-sha", "gcc 12.2")
    assert k != toolcache.key("tarball-sha", "build.sh-sha", "gcc 13.1")
    assert k != toolcache.key("tarball-sh", "abuild.sh-sha", "gcc 12.2")   # parts kept apart
    dest = str(tmp_path / "clone" / "build" / "mpy-cross" / "mpy-cross")
    assert not toolcache.fetch("mpy-cross", k, dest) and not os.path.exists(dest)
    toolcache.store("mpy-cross", k, tool(tmp_path, "#!/bin/sh\necho one\n"))
    assert os.listdir(tmp_path / "cache" / "mahjong-terminal" / "tools") == ["mpy-cross-" + k]
    assert toolcache.fetch("mpy-cross", k, dest)
    assert open(dest).read() == "#!/bin/sh\necho one\n"
    assert os.stat(dest).st_mode & stat.S_IXUSR                      # still a command
    assert not toolcache.fetch("mpy-cross", toolcache.key("another tarball"), dest + "2")
    assert not toolcache.fetch("unix-net", k, dest + "3")            # the name is in the key
    assert not [n for n in os.listdir(os.path.dirname(dest)) if n.endswith(".tmp")]


def test_turned_off_nothing_is_kept_or_found(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    k = toolcache.key("x")
    toolcache.store("mpy-cross", k, tool(tmp_path, "one"))
    monkeypatch.setenv("MAHJONG_TOOL_CACHE", "0")
    assert not toolcache.fetch("mpy-cross", k, str(tmp_path / "out"))
    toolcache.store("unix-net", k, tool(tmp_path, "two"))
    assert sorted(os.listdir(tmp_path / "cache" / "mahjong-terminal" / "tools")) == ["mpy-cross-" + k]
    env = {"PATH": "/usr/bin"}
    assert toolcache.build_env(env) == env


def test_the_c_builds_compile_through_ccache_relative_to_the_checkout(monkeypatch):
    monkeypatch.delenv("MAHJONG_TOOL_CACHE", raising=False)
    env = toolcache.build_env({"PATH": "/usr/bin:/bin", "X": "1"})
    assert os.path.isdir(toolcache.CCACHE_BIN), "setup/apt-packages.txt installs ccache"
    assert env["PATH"].split(os.pathsep)[0] == toolcache.CCACHE_BIN
    assert os.path.realpath(os.path.join(toolcache.CCACHE_BIN, "gcc")).endswith("ccache")
    assert os.path.exists(os.path.join(toolcache.CCACHE_BIN, "arm-none-eabi-gcc"))
    assert env["CCACHE_BASEDIR"] == paths.ROOT and env["CCACHE_NOHASHDIR"] == "1"
    assert env["X"] == "1"
