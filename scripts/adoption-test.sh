#!/usr/bin/env bash
# The adoption test: what a platform team with its own Backstage app goes
# through. Every publishable package is built and packed as it would be
# published, served by a local registry for our scope only, installed into a
# fresh `@backstage/create-app` app (legacy frontend, as generated) with the
# READMEs' commands, wired with the READMEs' snippets, type-checked, built,
# started against the sandbox, and checked in Chromium (screenshots in
# artifacts/adoption/). Prints the time of each step.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh
repo=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/arlon-adoption.XXXXXX")
out=$repo/artifacts/adoption
rm -rf "$out" && mkdir -p "$out" "$work/tarballs"
CREATE_APP_VERSION=0.9.2 # generates the legacy frontend with --legacy

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
  [ -n "${KEEP_ADOPTION_APP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

started=$(date +%s)
step_started=$started
step() {
  local now
  now=$(date +%s)
  printf '   (%ss)\n== adoption: %s\n' "$((now - step_started))" "$*"
  step_started=$now
}

step "build and pack every publishable package"
yarn tsc
yarn workspaces foreach --all --no-private --topological-dev run build
for dir in plugins/* packages/*; do
  name=$(node -p "const p = require('./$dir/package.json'); p.private ? '' : p.name")
  [ -n "$name" ] || continue
  tarball="$work/tarballs/$(echo "${name#@}" | tr / -).tgz"
  (cd "$dir" && yarn pack --out "$tarball" >/dev/null)
done
ls -l "$work/tarballs" | tee "$out/tarballs.txt"

step "serve them from a local registry (our scope only)"
setsid node e2e-tests/adoption/localRegistry.mjs "$work/tarballs" "$work/registry.port" &
pids+=($!)
for _ in $(seq 50); do [ -s "$work/registry.port" ] && break; sleep 0.1; done
registry="http://127.0.0.1:$(cat "$work/registry.port")"
# A stale tarball of the same version must not come from Yarn's global cache.
rm -f "$(yarn config get cacheFolder)"/@arlon-backstage-*

step "create a fresh app with @backstage/create-app@$CREATE_APP_VERSION --legacy"
(cd "$work" && BACKSTAGE_APP_NAME=app npx -y "@backstage/create-app@$CREATE_APP_VERSION" \
  --skip-install --legacy </dev/null >/dev/null)
app=$work/app
cat >>"$app/.yarnrc.yml" <<YARNRC
npmScopes:
  arlon-backstage:
    npmRegistryServer: "$registry"
unsafeHttpWhitelist:
  - 127.0.0.1
YARNRC
# Packages published minutes ago are younger than create-app's age gate.
sed -i "s#^  - '@backstage/\*'#  - '@backstage/*'\n  - '@arlon-backstage/*'#" "$app/.yarnrc.yml"

step "install, with every @backstage package on one release (create-app's ranges lag the registry)"
(cd "$app" && yarn up '@backstage/*' >"$out/install.log")

step "add our packages with the READMEs' commands"
node e2e-tests/adoption/wireApp.mjs "$repo" --print-install | tee "$out/install.sh"
(cd "$app" && bash -euo pipefail "$out/install.sh" >>"$out/install.log")

step "wire them with the READMEs' snippets"
node e2e-tests/adoption/wireApp.mjs "$repo" "$app"
cp "$app/packages/app/src/App.tsx" "$app/packages/app/src/components/catalog/EntityPage.tsx" \
  "$app/packages/backend/src/index.ts" "$app/app-config.yaml" "$out/"

step "type-check and build the app"
(cd "$app" && yarn tsc && yarn workspace app build >"$out/build.log")

step "start the sandbox and the app's backend (which serves the built frontend)"
token=$(node -e "console.log(require('crypto').randomBytes(16).toString('hex'))")
setsid yarn sandbox --token "$token" --provisioning-ms 500 >"$work/sandbox.log" 2>&1 &
pids+=($!)
for _ in $(seq 300); do grep -q 'fleet repository:' "$work/sandbox.log" && break; sleep 0.2; done
api=$(sed -n 's/^  API server: *//p' "$work/sandbox.log")
fleet=$(sed -n 's/^  fleet repository: *\([^ ]*\).*/\1/p' "$work/sandbox.log")
[ -n "$api" ] && [ -n "$fleet" ] || { cat "$work/sandbox.log"; exit 1; }
port=7107
cat >"$app/app-config.local.yaml" <<CONFIG
app:
  baseUrl: http://localhost:$port
backend:
  baseUrl: http://localhost:$port
  listen: { port: $port }
  cors: { origin: http://localhost:$port }
arlon:
  fleetRepo:
    url: $fleet
    branch: main
    writeMode: commit
  managementClusters:
    - name: sandbox
      url: $api
      serviceAccountToken: $token
      skipTLSVerify: true
      argocdNamespace: argocd
  security:
    allowedNetworks: [127.0.0.1/32]
CONFIG
# setsid makes each server a process group of its own, stopped as one at exit.
setsid bash -c 'cd "$1" && exec yarn workspace backend start' _ "$app" >"$out/backend.log" 2>&1 &
pids+=($!)
for _ in $(seq 600); do
  curl -fsS "http://localhost:$port/healthcheck" >/dev/null 2>&1 && break
  sleep 0.2
done

step "apply the fleet's bootstrap Application, as the backend plugin's README says"
guest=$(curl -fsS "http://localhost:$port/api/auth/guest/refresh" |
  node -e "process.stdin.on('data', d => process.stdout.write(JSON.parse(d).backstageIdentity.token))")
curl -fsS -X POST -H "authorization: Bearer $guest" "http://localhost:$port/api/arlon/bootstrap"
echo

step "check the Fleet page, a cluster card and the templates in Chromium"
ADOPTION_URL="http://localhost:$port" ADOPTION_ARTIFACTS="$out" \
  yarn playwright test --config e2e-tests/adoption/playwright.config.ts

step "done"
echo "adoption test passed in $(($(date +%s) - started)) s"
