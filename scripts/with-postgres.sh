#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server:
#   bash scripts/with-postgres.sh npx vitest run --project server
# It initialises a cluster in a temp directory, starts it on a free port of 127.0.0.1, creates a
# database, exports TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/DB for the command, and
# always stops the server and deletes the directory afterwards. Exits with the command's status.
# TEST_POSTGRES_URL, not DATABASE_URL: that one would leak into every child process (the e2e
# server too) and point them at a database they did not ask for.
# WITH_POSTGRES_DURABLE=1 keeps PostgreSQL's own durability (fsync, synchronous_commit, full page
# writes), as a production server runs: the benches compare it with SQLite's synced commits.
# WITH_POSTGRES_OPTIONS adds server options, e.g. "-c shared_preload_libraries=pg_stat_statements"
# (the placement bench then reports statements per order, bench/postgres-stats.ts).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh COMMAND [ARG...]" >&2
  exit 2
fi

find_pg_bin() {
  local dir best=""
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && best="$dir"
  done
  if [ -z "$best" ] && command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    best="$(dirname "$(command -v pg_ctl)")"
  fi
  printf '%s' "$best"
}

pg_bin="$(find_pg_bin)"
if [ -z "$pg_bin" ]; then
  if [ -f /etc/debian_version ] && [ "$(id -u)" -eq 0 ]; then
    echo "with-postgres: PostgreSQL is not installed; installing Debian's postgresql package..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    pg_bin="$(find_pg_bin)"
  fi
  if [ -z "$pg_bin" ]; then
    echo "with-postgres: PostgreSQL server binaries (initdb, pg_ctl) not found." >&2
    echo "  Install PostgreSQL 13 or newer (Debian/Ubuntu: sudo apt-get install postgresql) and run again." >&2
    exit 1
  fi
fi

# PostgreSQL refuses to run as root: as root, run the server as the postgres user.
as_server_user=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no 'postgres' user to run the server as." >&2
    exit 1
  fi
  as_server_user=(runuser -u postgres --)
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
chmod 755 "$workdir"
[ "$(id -u)" -eq 0 ] && chown postgres: "$workdir"
datadir="$workdir/data"
logfile="$workdir/server.log"
started=0

cleanup() {
  local status=$?
  if [ "$started" -eq 1 ]; then
    "${as_server_user[@]}" "$pg_bin/pg_ctl" -D "$datadir" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$workdir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

"${as_server_user[@]}" "$pg_bin/initdb" -D "$datadir" -U postgres --auth=trust -E UTF8 --locale=C --no-sync >/dev/null

# A port picked as free can be taken before the server binds it: try a few.
for attempt in 1 2 3 4 5; do
  port="$(free_port)"
  # fsync off: a test database need not survive a power cut, and tests run much faster.
  durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [ "${WITH_POSTGRES_DURABLE:-0}" = "1" ] && durability=""
  if "${as_server_user[@]}" "$pg_bin/pg_ctl" -D "$datadir" -l "$logfile" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $workdir $durability ${WITH_POSTGRES_OPTIONS:-}" \
    start >/dev/null; then
    started=1
    break
  fi
  echo "with-postgres: start on port $port failed (attempt $attempt)" >&2
done
if [ "$started" -ne 1 ]; then
  echo "with-postgres: PostgreSQL did not start; its log:" >&2
  cat "$logfile" >&2 || true
  exit 1
fi

database="test"
"${as_server_user[@]}" "$pg_bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
  -c "create database $database" >/dev/null

export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/$database"
echo "with-postgres: PostgreSQL $("$pg_bin/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$port, TEST_POSTGRES_URL=$TEST_POSTGRES_URL" >&2

# The command runs in the background so that a signal reaches this script at once (bash runs
# traps only between foreground commands); the signal is passed on, then the cleanup runs.
set +e
"$@" <&0 &
child=$!
forward() {
  kill -s "$1" "$child" 2>/dev/null
}
trap 'forward INT' INT
trap 'forward TERM' TERM
status=0
while :; do
  wait "$child"
  status=$?
  kill -0 "$child" 2>/dev/null || break
done
exit "$status"
