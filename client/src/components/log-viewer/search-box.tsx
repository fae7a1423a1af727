import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { ChevronDown, ChevronUp, Search } from 'lucide-react';
import type { useLogSearch } from './use-log-search';

type LogSearch = ReturnType<typeof useLogSearch>;

function countText(search: LogSearch): string {
  if (!search.query) return '';
  if (search.total === 0) return search.searching ? 'Searching…' : 'No results';
  const of = `${(search.current + 1).toLocaleString('en-US')} of ${search.total.toLocaleString('en-US')}`;
  return search.searching ? `${of}+` : of;
}

/**
 * The viewer's search box: Enter and Shift+Enter step through the matches, Escape clears, and Ctrl/Cmd+F
 * anywhere inside `root` comes here (the browser's own find sees only the few rows drawn).
 */
export function SearchBox({ search, root }: { search: LogSearch; root: RefObject<HTMLElement | null> }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [root]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey) search.previous();
      else search.next();
    } else if (event.key === 'Escape' && search.input) {
      event.stopPropagation();
      search.setInput('');
    }
  };

  return (
    <div className="log-viewer__search" role="search">
      <label htmlFor={id} className="log-viewer__visually-hidden">
        Search logs
      </label>
      <Search className="log-viewer__search-icon" aria-hidden="true" size={14} />
      <input
        ref={inputRef}
        id={id}
        type="search"
        className="log-viewer__search-input"
        placeholder="Search logs…"
        autoComplete="off"
        spellCheck={false}
        value={search.input}
        onChange={(event) => search.setInput(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <output className="log-viewer__search-count" aria-live="polite">
        {countText(search)}
      </output>
      <button
        type="button"
        className="log-viewer__button"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={search.total === 0}
        onClick={search.previous}
      >
        <ChevronUp aria-hidden="true" size={16} />
      </button>
      <button
        type="button"
        className="log-viewer__button"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={search.total === 0}
        onClick={search.next}
      >
        <ChevronDown aria-hidden="true" size={16} />
      </button>
    </div>
  );
}
