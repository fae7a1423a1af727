#!/usr/bin/env bash
# Debian packages the tests need, installed when missing (idempotent):
# - chromium: the browser tests drive Debian's Chromium (never a downloaded browser build);
# - ghdl: the fixture check analyses every seed VHDL file with a real VHDL compiler.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core)
command -v ghdl >/dev/null 2>&1 || missing+=(ghdl)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing Debian packages for the tests: ${missing[*]}…"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
