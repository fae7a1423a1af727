#!/usr/bin/env bash
# `npm run bench`: the performance budgets, measured in real processes; each script prints its figures.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
bash scripts/ensure-system-packages.sh || exit 1
# Peers of the throughput tables: nginx as upstream, reverse proxy and static server; wrk as the load.
bash scripts/ensure-system-packages.sh nginx wrk || exit 1
status=0
run() { echo; echo "━━━ $1 ━━━"; shift; "$@" || status=1; }
run "first page: JavaScript weight" node scripts/bundle-size.mjs
run "first page: main-thread CPU and the JavaScript fetched, signed in on #/projects (median of 5 loads)" node --import tsx e2e/bench/first-page.bench.ts --runs 5
run "first page: Lighthouse, mobile and desktop, signed in on #/projects (median of 3 runs, each with its benchmark index and load)" node --import tsx e2e/bench/lighthouse.bench.ts --runs 3
run "log viewer: 1,000,000-line log in Chromium" node --import tsx e2e/bench/log-viewer.bench.ts
run "editor: opening a 50,000-line file in Chromium" node --import tsx e2e/bench/editor-open.bench.ts
run "routes: a simulation page's route to its first API request, by route change and by direct load (p50/p95 of 10 each)" node --import tsx e2e/bench/route-first-request.bench.ts --runs 10
# The suite builds one seed project of each kind; the whole catalogue is the same test on every seed and example
# (each checked as the suite checks its seeds, two at a time in the queue): a failed design fails this step.
run "toolchain: every seed project and example built by GHDL and Yosys, two at a time" env TOOLCHAIN_MATRIX=full npx vitest run server/test/builds/toolchain-runner.test.ts
run "toolchain: check-build time per seed project, p50/p95 of 5 builds one at a time (real GHDL, Verilator and Yosys)" node --import tsx server/bench/check-builds.ts --runs 5
# Public designs (the vendor's examples, third-party repositories) are other people's code, never in this
# repository: the script builds the folder PUBLIC_DESIGNS_DIR names, and says it skipped when there is none.
run "toolchain: public designs written for the real product, each built in a project of its own (PUBLIC_DESIGNS_DIR)" node --import tsx server/bench/public-designs.ts
run "builds: Build click to the first log line in Chromium, idle, queued and after a long log (real GHDL and Yosys)" node --import tsx e2e/bench/first-log-line.bench.ts
run "editor: last keystroke to the inline diagnostic, p50/p95 over 20 edits in Chromium (real GHDL and Verilator)" node --import tsx e2e/bench/typing-diagnostics.bench.ts
run "waveform viewer: 1,000,000 value changes in Chromium" node --import tsx e2e/bench/waveform.bench.ts
[ -f server/bench/proxy-overhead.ts ] && run "gateway: proxy overhead" node --import tsx server/bench/proxy-overhead.ts
run "gateway: throughput next to nginx, plain Node, Fastify and Prism (writes server/bench/results.md)" node --import tsx server/bench/throughput.ts
run "gateway: 1,000 connections for 30 s, mock and proxy mode" node --import tsx server/bench/load.ts
exit $status
