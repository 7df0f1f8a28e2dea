#!/bin/sh
# PostgreSQL 15 from Debian, started the way the official postgres image is for compose: on an empty
# PGDATA it makes the cluster with POSTGRES_USER / POSTGRES_PASSWORD and creates POSTGRES_DB. Its
# socket is where the official image has it (port 5432 in /var/run/postgresql), so
# `exec db pg_dump -U agency …` (docs/deploy.md 'Upgrading') works here as it does there.
set -eu
bin=/usr/lib/postgresql/15/bin
: "${PGDATA:=/var/lib/postgresql/data}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  "$bin/initdb" -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth-host=scram-sha-256 --auth-local=trust >/dev/null
  rm -f "$pwfile"
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "${POSTGRES_DB:-$POSTGRES_USER}" != postgres ]; then
    "$bin/psql" -U "$POSTGRES_USER" -d postgres -c "create database \"${POSTGRES_DB:-$POSTGRES_USER}\"" >/dev/null
  fi
  "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*'
