import { describe, expect, it } from 'vitest';
import { Output } from './output';

/** A stream that records what is written (readline's clearLine and cursorTo write escape sequences to it). */
function recorder(): NodeJS.WriteStream & { text: string } {
  const stream = {
    text: '',
    columns: 20,
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream as unknown as NodeJS.WriteStream & { text: string };
}

const ERASE = '\u001b[2K\u001b[1G';

describe('Output', () => {
  it('in CI prints each change of progress once, as a plain line, and results on stdout', () => {
    const stdout = recorder();
    const stderr = recorder();
    const out = new Output({ json: false, stdout, stderr, interactive: false });
    out.status('Build a IP (stage 1/4, 1s)', 'Build a IP (stage 1/4)');
    out.status('Build a IP (stage 1/4, 2s)', 'Build a IP (stage 1/4)');
    out.logLines(['==> Stage: IP']);
    out.status('Build a SYNTHESIS (stage 2/4, 3s)', 'Build a SYNTHESIS (stage 2/4)');
    expect(stderr.text).toBe('Build a IP (stage 1/4)\nBuild a SYNTHESIS (stage 2/4)\n');
    expect(stdout.text).toBe('==> Stage: IP\n');
  });

  it("prints a finished build's last progress line once in CI, and on a terminal in place of the status", () => {
    const stderr = recorder();
    const out = new Output({ json: false, stdout: recorder(), stderr, interactive: false });
    out.status('Build a failed in 0s');
    out.finalStatus('Build a failed in 0s');
    expect(stderr.text).toBe('Build a failed in 0s\n');
    out.finalStatus('Build b succeeded in 2s');
    expect(stderr.text).toBe('Build a failed in 0s\nBuild b succeeded in 2s\n');
    const terminal = recorder();
    const onTerminal = new Output({ json: false, stdout: recorder(), stderr: terminal, interactive: true });
    onTerminal.status('Build a failed in 0s');
    onTerminal.finalStatus('Build a failed in 0s');
    expect(terminal.text).toBe(`${ERASE}Build a failed in 0${ERASE}Build a failed in 0s\n`);
  });

  it('on a terminal keeps one status line under the log, cut to the width, and clears it', () => {
    const stdout = recorder();
    const stderr = recorder();
    const out = new Output({ json: false, stdout, stderr, interactive: true });
    out.status('Build a IP (stage 1/4, 1s) and more');
    out.logLines(['line 1']);
    out.clearStatus();
    expect(stderr.text).toBe(`${ERASE}Build a IP (stage 1${ERASE}${ERASE}Build a IP (stage 1${ERASE}`);
    expect(stdout.text).toBe('line 1\n');
  });

  it('with --json prints only the data on stdout; a log goes to stderr', () => {
    const stdout = recorder();
    const stderr = recorder();
    const out = new Output({ json: true, stdout, stderr, interactive: false });
    out.line('a table');
    out.logLines(['log']);
    out.data({ ok: true });
    expect(JSON.parse(stdout.text)).toEqual({ ok: true });
    expect(stderr.text).toBe('log\n');
  });
});
