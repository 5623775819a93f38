#!/usr/bin/env bash
# Set up if needed, then run the whole test suite (exits non-zero when a test fails).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The browser test drives Debian's Chromium; install it when we can (root), else that one test says why it skips.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null) \
    || echo "could not install chromium: the browser test will be skipped"
fi
# The comps PostgreSQL test starts its own server from Debian's postgresql binaries; install them when we can.
if ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ "$(id -u)" = "0" ] \
    && command -v apt-get >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) \
    || echo "could not install postgresql: the comps PostgreSQL test will be skipped"
fi
exec .venv/bin/python -m pytest "$@"
