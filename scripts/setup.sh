#!/usr/bin/env bash
# Installs what the app needs, idempotently: npm packages (when the lockfile changed) and the client
# build (when any of its inputs changed). Safe to run again and again; `npm start` and `npm test` call it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)…"
  npm ci --no-audit --no-fund --loglevel=error
fi

# Hash every input of the client build; rebuild only when it differs from the last build's.
inputs_hash=$(
  # @cloud-compile/shared is bundled into the client (its generated API types come from openapi/, hashed here).
  { find client/src client/public openapi packages/shared/src -type f -not -path 'packages/shared/src/generated/*' -print0 \
      | sort -z | xargs -0 sha256sum
    sha256sum client/index.html client/vite.config.ts client/tsconfig.json package-lock.json packages/shared/package.json
  } | sha256sum | cut -d' ' -f1
)
stamp=client/dist/.inputs-hash
if [ ! -f client/dist/index.html ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$inputs_hash" ]; then
  echo "setup: building the client…"
  npm run build --silent
  echo "$inputs_hash" > "$stamp"
fi

# The cloud-compile command's package, which the gateway serves at /downloads/cloud-compile-cli.tgz
# (the sample CI workflow installs it from there): packed again only when its inputs changed.
cli_hash=$(
  # @cloud-compile/shared is bundled into the command too.
  { find cli/src cli/bin packages/shared/src openapi -type f -not -path 'packages/shared/src/generated/*' -print0 \
      | sort -z | xargs -0 sha256sum
    sha256sum cli/package.json cli/build.mjs package-lock.json packages/shared/package.json
  } | sha256sum | cut -d' ' -f1
)
cli_stamp=cli/pack/.inputs-hash
if [ ! -f cli/pack/cloud-compile-cli.tgz ] || [ ! -f "$cli_stamp" ] || [ "$(cat "$cli_stamp")" != "$cli_hash" ]; then
  echo "setup: packing the command-line tool…"
  npm run pack:cli --silent >/dev/null
  echo "$cli_hash" > "$cli_stamp"
fi
