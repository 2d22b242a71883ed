"""The scripts of docs/python.md and the README, run as written from the
repository's root."""

import re
import subprocess
import sys

from conftest import ROOT


def test_the_documented_script_runs_and_prints_the_verdict():
    scripts = []
    for doc in ["docs/python.md", "README.md"]:
        found = re.findall(r"```python\n(.*?)```", (ROOT / doc).read_text(), re.S)
        assert found, f"{doc} has no python block"
        scripts += found
    for script in scripts:
        p = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        lines = p.stdout.splitlines()
        assert lines[-2] == "win j12 real-game", p.stdout
        assert len(lines[-1].split()) == 25, p.stdout
