"""Shared helpers: the `cloisterkit` command of the same build
(CLOISTERKIT_CLI, set by CTest), run for comparison."""

import json
import os
import subprocess

import pytest

ALL = ["halflings", "little-buildings", "abbot"]


def cli_path():
    path = os.environ.get("CLOISTERKIT_CLI")
    if not path:
        pytest.skip("CLOISTERKIT_CLI names no cloisterkit command (CTest sets it)")
    return path


def run_cli(*args, check=True):
    r = subprocess.run([cli_path(), *args], capture_output=True, text=True, timeout=300)
    if check and r.returncode != 0:
        raise AssertionError("cloisterkit %s failed (%d):\n%s%s" % (" ".join(args), r.returncode, r.stdout, r.stderr))
    return r


def cli_json(*args):
    return json.loads(run_cli(*args, "--json").stdout)
