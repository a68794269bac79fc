#!/usr/bin/env bash
# `npm test`: every suite, fastest first, stopping at the first failure.
#   typecheck, lint (incl. layer boundaries), unit + app (incl. the translation check),
#   server on SQLite, server on a throwaway PostgreSQL, the crash suite's short run (2 kills) on each,
#   production build, the deployment test (nginx with TLS, two app processes, PostgreSQL, Chromium
#   over https), end-to-end in Chromium.
# Each runner writes a JSON report to .tmp/results so the last line can sum them up.
set -euo pipefail
cd "$(dirname "$0")/.."

results=.tmp/results
rm -rf "$results" && mkdir -p "$results"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "system packages (chromium, postgresql, nginx)"
bash scripts/ensure-system-deps.sh

step "typecheck"
npm run --silent typecheck

step "lint and format"
npm run --silent lint

step "unit and app tests"
npx vitest run --project unit --project app --reporter=default --reporter=json --outputFile="$results/unit.json"

step "server suite on SQLite"
env -u DATABASE_URL -u TEST_POSTGRES_URL npx vitest run --project server \
  --reporter=default --reporter=json --outputFile="$results/server-sqlite.json"

step "server suite on PostgreSQL"
env -u DATABASE_URL bash scripts/with-postgres.sh npx vitest run --project server \
  --reporter=default --reporter=json --outputFile="$results/server-postgres.json"

step "crash suite, short (2 kill -9s of the real server under load; bench/crash-suite.ts)"
env -u DATABASE_URL -u TEST_POSTGRES_URL npx tsx bench/crash-suite.ts --kills=2 --out=none

step "crash suite, short, on PostgreSQL"
env -u DATABASE_URL bash scripts/with-postgres.sh npx tsx bench/crash-suite.ts --kills=2 --out=none --database=postgres

step "production build"
npm run --silent build

step "deployment (nginx + TLS from a local CA, two app processes on PostgreSQL, Chromium over https)"
env -u DATABASE_URL PLAYWRIGHT_JSON_OUTPUT_NAME="$results/deploy.json" bash scripts/with-postgres.sh \
  npx playwright test -c tests/deploy/playwright.config.ts --reporter=list,json --output .tmp/pw-deploy

step "end-to-end (Chromium, phone viewport)"
env -u DATABASE_URL -u TEST_POSTGRES_URL PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" \
  npx playwright test --reporter=list,json

node scripts/test-summary.mjs "$results"
