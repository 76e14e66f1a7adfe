#!/usr/bin/env bash
# `npm test`: installs what the tests need, then runs every test — unit, integration against a
# real PostgreSQL (a fresh database per test file), and browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# 1. Dependencies: a clean install in CI or when node_modules is missing or older than the lockfile.
if [ "${CI:-}" = "true" ] || [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# 2. System tools from Debian: Chromium for the browser tests (playwright-core drives Debian's
#    build; it downloads none) and ffmpeg/ffprobe, which video uploads are probed with.
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
PACKAGES=()
[ -x "$CHROMIUM" ] || PACKAGES+=(chromium)
command -v ffprobe >/dev/null || PACKAGES+=(ffmpeg)
if [ ${#PACKAGES[@]} -gt 0 ]; then
  echo "Installing ${PACKAGES[*]}…"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
fi

# 3. PostgreSQL: start the local cluster when it is not accepting connections.
PGURL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if ! pg_isready -d "$PGURL" -q 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    echo "Starting PostgreSQL…"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_isready -d "$PGURL" -q 2>/dev/null && break; sleep 1; done
  pg_isready -d "$PGURL" -q || { echo "PostgreSQL is not reachable at $PGURL (set TEST_DATABASE_URL)"; exit 1; }
fi

# 4. The browser tests run against the built studio.
npm run build --silent

# 5. Every test project: shared, server-unit, server-int, studio-unit, e2e.
npx vitest run "$@"
