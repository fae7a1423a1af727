import { useCallback, useEffect, useRef, useState } from 'react';
import { IDLE_SEARCH, SearchRunner, type SearchSnapshot } from './search-runner';

/** Typing pause before a search starts, so each keystroke does not restart a million-line scan. */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * Search state for the viewer: the text in the box (updated at once) and the search over the whole log
 * (started after a pause in typing, scanned in slices, following appended lines). `reveal(line)` is called
 * when the current match moves, so the viewer can scroll to it.
 */
export function useLogSearch(lines: readonly string[], reveal: (line: number) => void) {
  const [input, setInput] = useState('');
  const [snapshot, setSnapshot] = useState<SearchSnapshot>(IDLE_SEARCH);
  const linesRef = useRef(lines);
  const [runner] = useState(() => new SearchRunner(setSnapshot));

  useEffect(() => {
    runner.setRevealHandler(reveal);
  }, [reveal, runner]);

  useEffect(() => {
    linesRef.current = lines;
    runner.setLines(lines);
  }, [lines, runner]);

  useEffect(() => {
    const timer = setTimeout(() => runner.start(input, linesRef.current), input ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [input, runner]);

  useEffect(() => () => runner.stop(), [runner]);

  const next = useCallback(() => runner.step(1), [runner]);
  const previous = useCallback(() => runner.step(-1), [runner]);

  return { input, setInput, ...snapshot, next, previous };
}
