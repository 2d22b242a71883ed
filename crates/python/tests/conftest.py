"""Shared helpers of the package's tests: the repository's root, and the
command line built from the same checkout (`cargo build --release`), which
the cross-checks compare the package with."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def kinrow_binary() -> Path:
    """`$KINROW_BIN`, else target/release/kinrow of this checkout; a
    missing binary fails the test that needs it (never a silent skip)."""
    path = Path(os.environ.get("KINROW_BIN", ROOT / "target" / "release" / "kinrow"))
    if not path.exists():
        pytest.fail(f"{path} missing: run `cargo build --release` first (or set KINROW_BIN)")
    return path


def cli(*args, check_rc=None):
    """Runs the command line in the repository's root: (rc, stdout, stderr)."""
    p = subprocess.run(
        [str(kinrow_binary()), *map(str, args)], cwd=ROOT, capture_output=True, text=True
    )
    if check_rc is not None:
        assert p.returncode in check_rc, p.stderr
    return p.returncode, p.stdout, p.stderr


def cli_json(*args):
    """The JSON lines of `kinrow solve --json ARGS`, one dict each."""
    _, out, _ = cli("solve", "--json", *args, check_rc=(0, 1, 3, 4))
    return [json.loads(line) for line in out.splitlines() if line.strip()]
