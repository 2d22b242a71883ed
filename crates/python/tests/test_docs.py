"""The script of docs/python.md, run as written from the repository's root."""

import re
import subprocess
import sys

from conftest import ROOT


def test_the_documented_script_runs_and_prints_the_verdict():
    text = (ROOT / "docs/python.md").read_text()
    scripts = re.findall(r"```python\n(.*?)```", text, re.S)
    assert scripts, "docs/python.md has no python block"
    for script in scripts:
        p = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        lines = p.stdout.splitlines()
        assert lines[-2] == "win g6 real-game", p.stdout
