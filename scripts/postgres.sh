# Sourced by scripts/test.sh: starts a throwaway PostgreSQL (Debian's
# package) for the database tests, stopped when the tests end, and names it
# the way @backstage/backend-test-utils expects:
#   ARLON_TEST_POSTGRES=POSTGRES_<major>
#   BACKSTAGE_TEST_DATABASE_POSTGRES<major>_CONNECTION_STRING=postgresql://…

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

if [ -z "$(pg_bin)" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's PostgreSQL for the database tests"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "The database tests need PostgreSQL: install it (Debian: sudo apt-get install postgresql)." >&2
    exit 1
  fi
fi

arlon_pg_bin=$(pg_bin)
arlon_pg_major=$(basename "$(dirname "$arlon_pg_bin")")
arlon_pg_dir=$(mktemp -d /tmp/arlon-postgres.XXXXXX)
arlon_pg_port=${ARLON_TEST_POSTGRES_PORT:-54329}

# PostgreSQL refuses to run as root: use the postgres user the package made.
arlon_pg_as() {
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$arlon_pg_dir"

arlon_pg_as "$arlon_pg_bin/initdb" -D "$arlon_pg_dir/data" -U postgres \
  --auth=trust -E UTF8 >/dev/null
arlon_pg_as "$arlon_pg_bin/pg_ctl" -D "$arlon_pg_dir/data" -w -l "$arlon_pg_dir/log" \
  -o "-p $arlon_pg_port -k $arlon_pg_dir -c listen_addresses=127.0.0.1" start >/dev/null

arlon_pg_stop() {
  arlon_pg_as "$arlon_pg_bin/pg_ctl" -D "$arlon_pg_dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$arlon_pg_dir"
}
trap arlon_pg_stop EXIT

export ARLON_TEST_POSTGRES="POSTGRES_$arlon_pg_major"
export "BACKSTAGE_TEST_DATABASE_POSTGRES${arlon_pg_major}_CONNECTION_STRING=postgresql://postgres@127.0.0.1:$arlon_pg_port"
echo "PostgreSQL $arlon_pg_major for the database tests on 127.0.0.1:$arlon_pg_port"
