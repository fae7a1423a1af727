/**
 * How every browser test and benchmark starts Chromium: Debian's build (Playwright never downloads a
 * browser here), without the sandbox (containers), GPU or background traffic that would add noise.
 */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
