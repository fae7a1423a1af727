/**
 * How a byte count reads in one part of the product. The parts word sizes differently on purpose (the
 * app's artifact list "1.5 KB", the command's "64.0 KiB", the demo's limits "2.4 KiB", "2 MiB"), but
 * they scale the same way: one algorithm, one style per part.
 */
export interface ByteSizeStyle {
  /** Names from bytes up, each 1024 times the one before: ['B', 'KB', 'MB', 'GB']. */
  units: readonly [string, ...string[]];
  /** Digits after the point for a value of at least one of `units[1]`, given the scaled value and unit index. */
  digits: (value: number, unit: number) => number;
  /** "2 MiB" rather than "2.00 MiB": trailing zeros (and a bare point) dropped. */
  trimZeros?: boolean;
}

/** `bytes` in the largest unit of `style` it fills (at most the last one): 1536 → "1.5 KB". */
export function formatByteSize(bytes: number, style: ByteSizeStyle): string {
  const { units } = style;
  if (bytes < 1024 || units.length === 1) return `${bytes} ${units[0]}`;
  let value = bytes / 1024;
  let unit = 1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const fixed = value.toFixed(style.digits(value, unit));
  return `${style.trimZeros ? String(Number(fixed)) : fixed} ${units[unit]}`;
}
