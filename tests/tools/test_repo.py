# interpreters: cpython
"""The repository itself: nothing machine-specific is tracked."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _tracked(path):
    try:
        out = subprocess.run(["git", "ls-files", path], cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return ""
    return out.stdout.strip()


def test_no_virtualenv_or_build_output_tracked():
    # a tracked .venv (a worktree's symlink) breaks `make` on a fresh clone
    for path in (".venv", "build", "saves"):
        assert not _tracked(path), path
