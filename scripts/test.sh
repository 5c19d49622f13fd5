#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find:
# static checks, the web build, unit tests, route tests on SQLite, the same route tests on a
# throwaway PostgreSQL, then the browser suite in Debian's Chromium against the built server.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings=ExperimentalWarning"
results=$(mktemp -d)
pgdir=$(mktemp -d /tmp/inquire-pg.XXXXXX)
cleanup() { scripts/pg-cluster.sh stop "$pgdir" || true; }
trap cleanup EXIT

step() { printf '\n=== %s\n' "$*"; }

step "provision (chromium, postgresql)"
bash scripts/provision.sh

step "typecheck"
npm run typecheck

step "lint"
npm run lint

step "format check"
npm run format:check

step "build the web app (page route tests render it)"
npm run build

step "unit tests and route tests on SQLite"
npx vitest run --project unit --project routes-sqlite --reporter=default --reporter=json --outputFile="$results/sqlite.json"

step "route tests on PostgreSQL"
INQUIRE_TEST_PG_URL=$(scripts/pg-cluster.sh start "$pgdir")
export INQUIRE_TEST_PG_URL
echo "throwaway PostgreSQL at $INQUIRE_TEST_PG_URL"
npx vitest run --project routes-postgres --reporter=default --reporter=json --outputFile="$results/postgres.json"

step "browser tests (Chromium)"
npx vitest run --project e2e --reporter=default --reporter=json --outputFile="$results/e2e.json"

step "browser tests on PostgreSQL (the moderation, notification, admin, search and external sign-in flows)"
# The same files against sites installed on the throwaway cluster (e2e/support/server.ts).
INQUIRE_E2E_DB=postgres npx vitest run --project e2e \
  e2e/tests/moderation.test.ts e2e/tests/notifications.test.ts e2e/tests/notification-emails.test.ts \
  e2e/tests/live-stream.test.ts e2e/tests/admin-content.test.ts e2e/tests/admin-customize.test.ts \
  e2e/tests/admin-settings.test.ts e2e/tests/admin-users.test.ts e2e/tests/search.test.ts \
  e2e/tests/connectors.test.ts \
  --reporter=default --reporter=json --outputFile="$results/e2e-postgres.json"

step "summary"
node scripts/summarize-tests.mjs "$results"/*.json
