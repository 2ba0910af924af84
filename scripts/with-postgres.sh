#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on 127.0.0.1, with
# TEST_DATABASE_URL pointing at it; stops and removes the server afterwards.
# Usage: scripts/with-postgres.sh npx vitest run --project api
# With PG_STANDBY=1 it also starts a streaming replica of that server (pg_basebackup, hot
# standby) and points TEST_DATABASE_READ_URL at it.
set -euo pipefail

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pgbin" ]; then
  echo "PostgreSQL is not installed: apt-get install postgresql" >&2
  exit 1
fi
# Below the kernel's ephemeral range, so no client socket of the test run holds it.
port=${PGPORT_TEST:-15432}
dir=$(mktemp -d /tmp/spotreel-pg.XXXXXX)
as_postgres=()
if [ "$(id -u)" = 0 ]; then
  # initdb refuses to run as root: the Debian package's postgres user owns the cluster.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_postgres=(runuser -u postgres --)
fi

stop() {
  if [ -d "$dir/standby" ]; then
    "${as_postgres[@]}" "$pgbin/pg_ctl" -D "$dir/standby" -m fast -w stop >/dev/null 2>&1 || true
  fi
  "${as_postgres[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_postgres[@]}" "$pgbin/initdb" -D "$dir/data" -U spotreel --auth=trust -E UTF8 >/dev/null
started=
for attempt in 0 1 2 3 4; do
  if "${as_postgres[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $((port + attempt)) -k $dir -c fsync=off" start >/dev/null; then
    port=$((port + attempt))
    started=1
    break
  fi
done
if [ -z "$started" ]; then
  cat "$dir/server.log" >&2
  exit 1
fi
"${as_postgres[@]}" "$pgbin/createdb" -h 127.0.0.1 -p "$port" -U spotreel spotreel_test
echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

if [ "${PG_STANDBY:-}" = 1 ]; then
  "${as_postgres[@]}" "$pgbin/pg_basebackup" -h 127.0.0.1 -p "$port" -U spotreel \
    -D "$dir/standby" -R -X stream >/dev/null
  started=
  for attempt in 0 1 2 3 4; do
    standby_port=$((port + 100 + attempt))
    if "${as_postgres[@]}" "$pgbin/pg_ctl" -D "$dir/standby" -l "$dir/standby.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $standby_port -k $dir -c fsync=off -c hot_standby=on" \
      start >/dev/null; then
      started=1
      break
    fi
  done
  if [ -z "$started" ]; then
    cat "$dir/standby.log" >&2
    exit 1
  fi
  echo "Streaming replica on 127.0.0.1:$standby_port"
  export TEST_DATABASE_READ_URL="postgres://spotreel@127.0.0.1:$standby_port/spotreel_test"
fi

TEST_DATABASE_URL="postgres://spotreel@127.0.0.1:$port/spotreel_test" "$@"
