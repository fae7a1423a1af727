#!/usr/bin/env bash
# `npm start`: install and build what is missing, then run the gateway (mock mode unless MODE says otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ENSURE_OPTIONAL=1 bash scripts/ensure-system-packages.sh ghdl verilator bubblewrap
exec node --import tsx server/src/server.ts
