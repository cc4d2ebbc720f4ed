#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL: initdb in a temporary directory, start it on a free
# loopback port, run the command with DATABASE_URL set, stop it and remove the directory.
#   scripts/with-postgres.sh npm run test
# PostgreSQL refuses to run as root: as root the server runs as the `postgres` user (created when missing).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

find_bin() {
  local name="$1"
  for dir in "${PG_BIN:-}" /usr/lib/postgresql/*/bin /usr/local/bin /usr/bin; do
    if [ -n "$dir" ] && [ -x "$dir/$name" ]; then
      echo "$dir/$name"
      return 0
    fi
  done
  command -v "$name" || { echo "$name not found: install PostgreSQL (apt-get install postgresql)" >&2; exit 1; }
}
INITDB="$(find_bin initdb)"
PG_CTL="$(find_bin pg_ctl)"

# A string, not a number: with FORCE_COLOR set, console.log colours numbers (and the port would not parse).
PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port)+"\n");s.close()})')"
DATA="$(mktemp -d /tmp/tend-pg.XXXXXX)"
LOG="$DATA.log"

as_pg() { "$@"; }
if [ "$(id -u)" = "0" ]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  chown postgres "$DATA"
  touch "$LOG" && chown postgres "$LOG"
  # From / : the postgres user may not be allowed into the caller's working directory.
  if command -v runuser >/dev/null 2>&1; then
    as_pg() { (cd / && runuser -u postgres -- "$@"); }
  else
    as_pg() { (cd / && su postgres -s /bin/sh -c "$(printf '%q ' "$@")"); }
  fi
fi

cleanup() {
  as_pg "$PG_CTL" -D "$DATA/db" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DATA" "$LOG"
}
trap cleanup EXIT INT TERM

as_pg "$INITDB" -D "$DATA/db" -U tend --auth=trust --encoding=UTF8 --no-locale >/dev/null
# Up to 3 minutes to start: on a busy 2-core machine (the unit stage runs at a low priority beside the browser
# tests) a minute was once not enough. On failure, PostgreSQL's own log says why.
if ! as_pg "$PG_CTL" -D "$DATA/db" -l "$LOG" -w -t 180 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DATA -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null; then
  echo "PostgreSQL did not start; its log:" >&2
  cat "$LOG" >&2 || true
  exit 1
fi

export DATABASE_URL="postgres://tend@127.0.0.1:$PORT/postgres"
echo "PostgreSQL on 127.0.0.1:$PORT (data $DATA)" >&2
set +e
"$@"
status=$?
set -e
exit $status
