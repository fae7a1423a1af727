#!/usr/bin/env bash
# `npm test`: every quality gate, in order: type-check, lint, import layers and cycles (dependency-cruiser),
# formatting, unit + server tests (Vitest), browser tests (Playwright in Debian's Chromium). Runs them all, then prints one summary and
# exits non-zero if any gate failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
bash scripts/ensure-system-packages.sh || exit 1
mkdir -p .cache
rm -f .cache/vitest.json .cache/playwright.json

declare -a names=() results=()
gate() {
  local name=$1; shift
  echo; echo "━━━ $name ━━━"
  local start=$SECONDS
  "$@"; local rc=$?
  names+=("$name"); results+=("$([ $rc = 0 ] && echo ok || echo FAILED) ($((SECONDS - start)) s)")
  return 0
}

gate "type-check" npm run --silent typecheck
gate "lint" npm run --silent lint
gate "import layers (dependency-cruiser)" npm run --silent lint:deps
gate "format (prettier)" npm run --silent format:check
gate "unit and server tests (vitest)" npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/vitest.json
gate "browser tests (playwright)" npx playwright test

echo; echo "━━━ summary ━━━"
failed=0
for i in "${!names[@]}"; do
  printf '%-34s %s\n' "${names[$i]}" "${results[$i]}"
  case "${results[$i]}" in FAILED*) failed=1 ;; esac
done
node scripts/test-summary.mjs .cache/vitest.json .cache/playwright.json
exit $failed
