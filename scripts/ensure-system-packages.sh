#!/usr/bin/env bash
# Debian packages the app and its tests need, installed when missing (idempotent):
# - chromium: the browser tests drive Debian's Chromium (never a downloaded browser build);
# - ghdl: mock-mode builds analyse and synthesize VHDL with it, and the fixture check analyses every seed file;
# - verilator: mock-mode builds check Verilog/SystemVerilog with it (`verilator --lint-only`);
# - bubblewrap: mock-mode builds run the tools in it, so a design sees no file of the machine but the toolchain's;
# - redis-server: the tests of MOCK_STORE=redis start their own Redis on a free port;
# - nginx, wrk: `npm run bench` measures the gateway next to nginx, with wrk's load (not needed otherwise).
# Arguments pick some of them (`npm start` needs ghdl and bubblewrap); none means all.
set -euo pipefail
wanted=("$@")
[ ${#wanted[@]} -eq 0 ] && wanted=(chromium ghdl verilator bubblewrap redis-server)
missing=()
for package in "${wanted[@]}"; do
  case "$package" in
    chromium) [ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core) ;;
    ghdl) command -v ghdl >/dev/null 2>&1 || missing+=(ghdl) ;;
    verilator) command -v verilator >/dev/null 2>&1 || missing+=(verilator) ;;
    bubblewrap) command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap) ;;
    redis-server) command -v redis-server >/dev/null 2>&1 || missing+=(redis-server) ;;
    nginx) [ -x /usr/sbin/nginx ] || missing+=(nginx) ;;
    wrk) command -v wrk >/dev/null 2>&1 || missing+=(wrk) ;;
    *) echo "ensure-system-packages: unknown package $package" >&2; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing Debian packages: ${missing[*]}…"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }; then
  echo "setup: could not install ${missing[*]} (needs root or sudo and Debian's apt)." >&2
  # npm start still runs without them: mock builds fall back to the simulated runner (or, without bubblewrap,
  # run with no file isolation on a loopback HOST only) and the start-up log says which and why.
  [ "${ENSURE_OPTIONAL:-}" = 1 ] && exit 0
  exit 1
fi
