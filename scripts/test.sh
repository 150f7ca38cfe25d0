#!/usr/bin/env bash
# Installs everything the tests need, then runs every test: the type-check,
# the API reports, lint, each package's tests (SQLite and PostgreSQL), the
# browser tests in Chromium, and the adoption test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh

step() { printf '\n== %s\n' "$*"; }

chromium_path=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "Installing Debian's Chromium for the browser tests"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium at $chromium_path: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

step "Installing dependencies"
yarn install

step "Type-check"
yarn tsc

step "API reports (a changed public API needs its report.api.md regenerated: yarn build:api-reports)"
# Reads the declarations the type-check just wrote to dist-types/.
yarn build:api-reports:only --ci

step "Lint"
yarn backstage-cli repo lint

step "PostgreSQL for the database tests"
source scripts/postgres.sh

step "Package tests"
# CI=true keeps Jest out of watch mode.
CI=true yarn backstage-cli repo test

step "Browser tests (Playwright, Chromium)"
yarn playwright test

step "Adoption test (our packed packages in a fresh create-app app, in Chromium)"
bash scripts/adoption-test.sh
