/**
 * Test page for the log viewer (not part of the app): mounts <LogViewer> with a generated log.
 * Query: ?lines=N (default 100000), &stream=1 (append 200 lines every 100 ms up to N), &theme=dark|light,
 * &wrap=1, &outcome=failed|cancelled, &maxScroll=PX (pretend the browser caps scroll areas at PX). The hash carries the selection like the app's routes: #?line=120-135.
 * window.__harness exposes timings and what the viewer called back, for Playwright.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { LogViewer } from '../../../client/src/components/log-viewer/log-viewer';
import {
  formatLineRange,
  lineRangeFromQuery,
  type LineRange,
} from '../../../client/src/components/log-viewer/line-range';
import { generateLine, generateLog } from './generate-log';
import type { HarnessState } from './harness-state';

const params = new URLSearchParams(location.search);
const total = Number(params.get('lines') ?? 100_000);
const stream = params.get('stream') === '1';
const theme = params.get('theme');
const maxScroll = params.get('maxScroll') ? Number(params.get('maxScroll')) : undefined;
const outcomeParam = params.get('outcome');
const outcome = outcomeParam === 'failed' || outcomeParam === 'cancelled' ? outcomeParam : undefined;
if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;

const harness: HarnessState = {
  lineCount: total,
  generateMs: 0,
  mountStart: 0,
  committedAt: 0,
  firstPaintAt: 0,
  opened: [],
};
window.__harness = harness;

const generateStart = performance.now();
const fullLog = stream ? [] : generateLog(total);
harness.generateMs = performance.now() - generateStart;

function useHashRange(): [LineRange | null, (range: LineRange) => void] {
  const [range, setRange] = useState(() => lineRangeFromQuery(location.hash));
  useEffect(() => {
    const onHash = () => setRange(lineRangeFromQuery(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const update = (next: LineRange) => {
    history.replaceState(null, '', `#?line=${formatLineRange(next)}`);
    setRange(next);
  };
  return [range, update];
}

function useStreamingLog(): [readonly string[], boolean] {
  const [lines, setLines] = useState<readonly string[]>(fullLog);
  const [complete, setComplete] = useState(!stream);
  useEffect(() => {
    if (!stream) return;
    const timer = setInterval(() => {
      setLines((current) => {
        const next = current.slice();
        for (let i = 0; i < 200 && next.length < total; i++) next.push(generateLine(next.length, total));
        if (next.length >= total) {
          clearInterval(timer);
          setComplete(true);
        }
        return next;
      });
    }, 100);
    return () => clearInterval(timer);
  }, []);
  return [lines, complete];
}

function Harness() {
  const [lines, complete] = useStreamingLog();
  const [highlight, setHighlight] = useHashRange();
  return (
    <main>
      <h1>Log viewer harness: {total.toLocaleString('en-US')} lines</h1>
      <div className="harness-log">
        <LogViewer
          lines={lines}
          complete={complete}
          outcome={outcome}
          expectedStages={['IP', 'SYNTHESIS', 'ROUTE', 'BITSTREAM']}
          highlight={highlight}
          onHighlightChange={setHighlight}
          onOpenLocation={(file, line) => harness.opened.push({ file, line })}
          downloadName="build-3f2a9c1.log"
          defaultWrap={params.get('wrap') === '1'}
          maxScrollHeight={maxScroll}
        />
      </div>
    </main>
  );
}

const root = createRoot(document.getElementById('root')!);
harness.mountStart = performance.now();
flushSync(() =>
  root.render(
    <StrictMode>
      <Harness />
    </StrictMode>,
  ),
);
harness.committedAt = performance.now();
// A frame callback runs before the next paint; a task queued from it runs after that paint.
requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    harness.firstPaintAt = performance.now();
  };
  channel.port2.postMessage(null);
});
