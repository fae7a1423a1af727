#!/usr/bin/env bash
# `npm test`: every quality gate: type-check, lint, import layers and cycles (dependency-cruiser),
# formatting and the first page's JavaScript weight (at once: each is one single-threaded process, so on
# two cores they share the machine instead of queueing), then unit + server tests (Vitest), then browser tests (Playwright in Debian's Chromium).
# Runs them all, then prints one summary and exits non-zero if any gate failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
bash scripts/ensure-system-packages.sh || exit 1
mkdir -p .cache
rm -f .cache/vitest.json .cache/playwright.json

declare -a names=() results=()
record() { names+=("$1"); results+=("$([ "$2" = 0 ] && echo ok || echo FAILED) ($3 s)"); }
gate() {
  local name=$1; shift
  echo; echo "━━━ $name ━━━"
  local start=$SECONDS
  "$@"; local rc=$?
  record "$name" $rc $((SECONDS - start))
  return 0
}

# The static gates run side by side, each writing to its own file; their outputs are printed one after
# the other once all have finished, so they never interleave. setup.sh's client build has generated the API
# types already, so type-check's typegen finds them up to date and writes nothing lint reads meanwhile.
static_dir=$(mktemp -d)
trap 'rm -rf "$static_dir"' EXIT
static_names=("type-check" "lint" "import layers (dependency-cruiser)" "format (prettier)" "first page JavaScript ≤ 120 KB gzip")
static_cmds=("npm run --silent typecheck" "npm run --silent lint" "npm run --silent lint:deps" "npm run --silent format:check" "node scripts/bundle-size.mjs")
start=$SECONDS
for i in "${!static_names[@]}"; do
  ( s=$SECONDS; ${static_cmds[$i]} >"$static_dir/$i.out" 2>&1; echo "$? $((SECONDS - s))" >"$static_dir/$i.rc" ) &
done
wait
for i in "${!static_names[@]}"; do
  echo; echo "━━━ ${static_names[$i]} ━━━"
  cat "$static_dir/$i.out"
  read -r rc took <"$static_dir/$i.rc"
  record "${static_names[$i]}" "$rc" "$took"
done
echo "(static gates together: $((SECONDS - start)) s)"

gate "unit and server tests (vitest)" npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/vitest.json
gate "browser tests (playwright)" npx playwright test

echo; echo "━━━ summary ━━━"
failed=0
for i in "${!names[@]}"; do
  printf '%-38s %s\n' "${names[$i]}" "${results[$i]}"
  case "${results[$i]}" in FAILED*) failed=1 ;; esac
done
node scripts/test-summary.mjs .cache/vitest.json .cache/playwright.json
exit $failed
