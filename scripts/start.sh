#!/usr/bin/env bash
# Installs everything and starts the portal at http://localhost:3000, with the
# sandbox management cluster and fleet repository (see app-config.yaml).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh
yarn install
exec yarn start
