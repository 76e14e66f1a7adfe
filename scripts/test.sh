#!/usr/bin/env bash
# `npm test`: installs what the checks need, then runs every check — typecheck, lint, and every
# test project (shared, server unit, server integration against a real PostgreSQL and Redis,
# studio unit, browser tests in Chromium) — and ends with a table of where the time went.
# `npm test -- <vitest args>` does the set-up, then runs only `vitest run <args>`.
set -euo pipefail
cd "$(dirname "$0")/.."

STEPS=()
FAILED=()
RUN_START=$(date +%s)

# Runs one named step, timing it; a failing step is recorded and the next steps still run, so
# one report shows every problem.
step() {
  local name=$1 start rc=0
  shift
  echo "▶ $name"
  start=$(date +%s)
  "$@" || rc=$?
  STEPS+=("$(printf '%-14s %5ss  %s' "$name" "$(($(date +%s) - start))" "$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")")")
  [ "$rc" = 0 ] || FAILED+=("$name")
}

report() {
  echo
  echo "step            time  result"
  printf '%s\n' "${STEPS[@]}"
  printf '%-14s %5ss\n' "total" "$(($(date +%s) - RUN_START))"
}

# 1. Dependencies: a clean install in CI or when node_modules is missing or older than the lockfile.
install() {
  if [ "${CI:-}" = "true" ] || [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}

# 2. System tools and services from Debian: Chromium for the browser tests (playwright-core drives
#    Debian's build; it downloads none), ffmpeg/ffprobe, which video uploads are probed with, and
#    Redis when it is neither running nor installed.
REDIS="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
PGURL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
redis_up() { command -v redis-cli >/dev/null && [ "$(redis-cli -u "$REDIS" ping 2>/dev/null)" = PONG ]; }

system_tools() {
  local packages=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || packages+=(chromium)
  command -v ffprobe >/dev/null || packages+=(ffmpeg)
  redis_up || command -v redis-server >/dev/null || packages+=(redis-server)
  if [ ${#packages[@]} -gt 0 ]; then
    echo "Installing ${packages[*]}…"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
}

# 3. PostgreSQL and Redis: start the local ones when they are not accepting connections.
services() {
  if ! pg_isready -d "$PGURL" -q 2>/dev/null; then
    if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
      echo "Starting PostgreSQL…"
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
    fi
    for _ in $(seq 1 30); do pg_isready -d "$PGURL" -q 2>/dev/null && break; sleep 1; done
    pg_isready -d "$PGURL" -q || { echo "PostgreSQL is not reachable at $PGURL (set TEST_DATABASE_URL)"; return 1; }
  fi
  if ! redis_up; then
    if [ "$REDIS" = "redis://127.0.0.1:6379" ] && command -v redis-server >/dev/null; then
      echo "Starting Redis…"
      # The same flags as the machine's own service: no persistence, loopback only.
      redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
        --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/tessera-test-redis.log"
    fi
    for _ in $(seq 1 30); do redis_up && break; sleep 0.2; done
    redis_up || { echo "Redis is not reachable at $REDIS (set TEST_REDIS_URL)"; return 1; }
  fi
}

step install install
step system-tools system_tools
step services services
if [ ${#FAILED[@]} -gt 0 ]; then report; exit 1; fi

if [ $# -gt 0 ]; then
  npm run build --silent
  exec npx vitest run "$@"
fi

# 4. Two lanes, one core each: tsc in one; ESLint and knip, then the build the browser tests run
#    against, then the shared tests in the other (tsc takes about as long as the three). Then each
#    test project, one after another (each uses both cores).
LOGS=$(mktemp -d)
# Runs one named step with its output kept for later, recording its exit code and time.
logged() {
  local name=$1 start rc=0
  shift
  start=$(date +%s)
  "$@" >"$LOGS/$name.log" 2>&1 || rc=$?
  echo "$rc $(($(date +%s) - start))" >"$LOGS/$name.result"
}
# Prints a logged step's output and records it like `step` does.
collect() {
  local name=$1 rc seconds
  read -r rc seconds <"$LOGS/$name.result"
  echo "▶ $name"
  cat "$LOGS/$name.log"
  STEPS+=("$(printf '%-14s %5ss  %s' "$name" "$seconds" "$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")")")
  [ "$rc" = 0 ] || FAILED+=("$name")
}
logged typecheck npm run typecheck --silent &
(
  logged lint npm run lint --silent
  logged build npm run build --silent
  logged shared npx vitest run --project shared
) &
wait
for name in typecheck lint build shared; do collect "$name"; done
for project in server-unit studio-unit server-int e2e; do
  step "$project" npx vitest run --project "$project"
done

report
if [ ${#FAILED[@]} -gt 0 ]; then
  echo "Failed: ${FAILED[*]}"
  exit 1
fi
