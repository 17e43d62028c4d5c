#!/usr/bin/env bash
# Starts the built server for the end-to-end suite on a fresh embedded database,
# with one user of each role the specs sign in as (see e2e/users.ts).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# A spec that runs a server of its own (alerts.spec.ts) names its directory; E2E_KEEP_DATA=1 restarts it
# on the database it left, without creating the users again.
data_dir="${E2E_DATA_DIR:-$root/.e2e-data}"
if [ "${E2E_KEEP_DATA:-0}" != 1 ]; then
  rm -rf "$data_dir"
  mkdir -p "$data_dir"
fi

# The end-to-end suite always uses its own PGlite directory, even when CI sets DATABASE_URL.
unset DATABASE_URL
export DATA_DIR="$data_dir"
export PORT="${E2E_PORT:-3100}"
export HOST=127.0.0.1
export PUBLIC_URL="http://127.0.0.1:$PORT"
export ADMIN_EMAIL=admin@e2e.test
export ADMIN_PASSWORD=admin-password-1
export LOG_LEVEL=warn
# The suite signs in many times from one address.
export RATE_LIMIT_LOGIN_PER_MINUTE=1000
export RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS=1000
export RATE_LIMIT_SIGNUP_PER_HOUR=1000
export RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR=1000
export RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR_PER_ADDRESS=1000
# The map specs run against the fake Maps API (e2e/fixtures): any key works except 'bad-key'.
export GOOGLE_MAPS_API_KEY=e2e-fake-key
export GOOGLE_MAPS_MAP_ID=e2e-map
# Demo listings loaded on first start (the fresh database above): enough for every demo city.
export DEMO_LISTINGS="${E2E_DEMO_LISTINGS:-3000}"

if [ "${E2E_KEEP_DATA:-0}" = 1 ]; then exec node "$root/dist/server/index.js"; fi
node "$root/dist/server/cli/create-user.js" --email agent@e2e.test --password agent-password-1 \
  --role Agent --first-name Avery --last-name Agent
node "$root/dist/server/cli/create-user.js" --email investor@e2e.test --password investor-password-1 \
  --role Investor --first-name Ivy --last-name Investor
exec node "$root/dist/server/index.js"
