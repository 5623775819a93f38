#!/usr/bin/env bash
# Set up if needed, then run the whole test suite (exits non-zero when a test fails).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest "$@"
