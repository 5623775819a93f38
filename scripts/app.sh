#!/usr/bin/env bash
# Set up if needed, then start the workspace on its bundled data (no API key needed).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m streamlit run streamlit_app.py --server.headless true "$@"
