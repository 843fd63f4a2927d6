#!/usr/bin/env bash
# Installs what the tests need beyond npm: Debian's Chromium for the browser journeys, and a
# running PostgreSQL for the second run of the server suite.
set -euo pipefail

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's Chromium…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "Starting PostgreSQL…"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432
