"""House style is checked by the suite: ruff and mypy must pass on the whole project."""

import subprocess
import sys

from tests.conftest import ROOT


def test_ruff_is_clean():
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean():
    out = subprocess.run([sys.executable, "-m", "mypy", "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
