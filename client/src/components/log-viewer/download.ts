/** Lines per Blob part: joining a million lines at once would build one huge string; parts keep memory flat. */
const PART_LINES = 20_000;

/** The raw log (escape sequences kept, as the build wrote it) as a text file, one line per `\n`. */
export function logToBlob(lines: readonly string[]): Blob {
  const parts: string[] = [];
  for (let start = 0; start < lines.length; start += PART_LINES) {
    parts.push(lines.slice(start, start + PART_LINES).join('\n') + '\n');
  }
  return new Blob(parts, { type: 'text/plain;charset=utf-8' });
}

/** Save the whole log under `fileName` through a temporary object URL. */
export function downloadLog(lines: readonly string[], fileName: string): void {
  const url = URL.createObjectURL(logToBlob(lines));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started once click() returns in every browser we support, but revoking at once cancels
  // it in some; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
