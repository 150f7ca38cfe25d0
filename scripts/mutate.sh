#!/usr/bin/env bash
# Mutation testing of one package with Stryker (docs/testing.md).
#
#   yarn mutate <package> [stryker options]
#
# <package> is a directory name (arlon-common), a path (plugins/arlon-common)
# or a package name (@arlon-backstage/plugin-arlon-common); the package needs a
# stryker.config.mjs. Extra options go to `stryker run`, e.g.
#   yarn mutate arlon-common --mutate src/diff/quantity.ts
#   yarn mutate arlon-common --force        (ignore the incremental results)
#   yarn mutate arlon-common --changed [ref] (only its files that differ from ref, default main)
# STRYKER_CONCURRENCY (default 1) sets how many test runners work in parallel.
# Reports: reports/mutation/<package>/index.html (and mutation.json, incremental.json).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/toolchain.sh >/dev/null

if [ $# -lt 1 ]; then
  echo "Usage: yarn mutate <package> [stryker options]; packages with a stryker.config.mjs:" >&2
  ls -d plugins/*/stryker.config.mjs packages/*/stryker.config.mjs 2>/dev/null | xargs -r -n1 dirname | sed 's/^/  /' >&2
  exit 2
fi
wanted="$1"
shift

dir=""
for candidate in "$wanted" "plugins/$wanted" "packages/$wanted" "plugins/plugin-$wanted"; do
  if [ -f "$candidate/package.json" ]; then dir="$candidate"; break; fi
done
if [ -z "$dir" ]; then
  # A package name: find the workspace whose package.json declares it.
  dir="$(grep -l "\"name\": \"$wanted\"" plugins/*/package.json packages/*/package.json 2>/dev/null | head -n1 | xargs -r dirname)"
fi
if [ -z "$dir" ]; then
  echo "No package '$wanted' under plugins/ or packages/ (give its directory or package name)." >&2
  exit 2
fi
if [ ! -f "$dir/stryker.config.mjs" ]; then
  echo "$dir has no stryker.config.mjs: copy plugins/arlon-common/stryker.config.mjs and list the files to mutate." >&2
  exit 2
fi

# --changed [ref]: only the configured files that differ from ref (default
# main), committed or not; nothing to do when none does.
if [ "${1:-}" = "--changed" ]; then
  shift
  since=main
  if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then since="$1"; shift; fi
  export STRYKER_CHANGED_SINCE="$since"
  files="$(cd "$dir" && node --input-type=module -e "
    const { default: config } = await import('./stryker.config.mjs');
    console.log(config.mutate.filter(f => !f.startsWith('!')).join(' '));
  ")"
  if [ -z "$files" ]; then
    echo "No file $dir mutates has changed since $since: nothing to test."
    exit 0
  fi
  echo "Mutating what changed since $since: $files"
fi

# --mutate <files>: handed to the config (STRYKER_MUTATE) rather than to
# Stryker, whose --mutate replaces the config's list outright and with it the
# exclusions: a glob such as 'src/diff/**/*.ts' would then mutate the tests too.
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --mutate) export STRYKER_MUTATE="${2:?--mutate needs a file, glob or comma-separated list}"; shift 2 ;;
    --mutate=*) export STRYKER_MUTATE="${1#--mutate=}"; shift ;;
    *) args+=("$1"); shift ;;
  esac
done

cd "$dir"
exec "$root/node_modules/.bin/stryker" run stryker.config.mjs ${args[@]+"${args[@]}"}
