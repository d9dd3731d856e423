import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from '../app/locale';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { fetchSearch, searchFailure, type SearchHit } from './hits';

/** Typing settles for this long before the service is asked (a hit list per keystroke is noise). */
const SETTLE_MS = 150;

/**
 * The header's search: an athlete, a delegation or a sport by name in any language (pinyin and
 * Traditional characters too). A combobox (WAI-ARIA 1.2): arrows move through the hits, Enter opens
 * one (or the full results page), Escape closes the list, `/` anywhere focuses the box. Without
 * JavaScript it is a plain form to /search.
 */
export function SearchBox() {
  const locale = useLocale();
  const intl = useIntl();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{
    query: string;
    hits: SearchHit[];
    failed?: 'search.unavailable' | 'search.failed';
  }>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wanted = query.trim();

  useEffect(() => {
    if (wanted === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSearch(wanted, locale, controller.signal).then(
        (hits) => setResult({ query: wanted, hits }),
        (error: unknown) => {
          if (!controller.signal.aborted) setResult({ query: wanted, hits: [], failed: searchFailure(error) });
        },
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, locale]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const hits = wanted !== '' && result?.query === wanted ? result.hits : [];
  const shown = open && wanted !== '' && result?.query === wanted;
  const go = (hit: SearchHit) => {
    setOpen(false);
    setQuery('');
    // The reader is on the hit's page now: "/" searches again from there.
    input.current?.blur();
    void navigate(hit.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Through the hits and back to the box (-1), round either way.
      setActive((current) => {
        const next = current + step;
        return next >= hits.length ? -1 : next < -1 ? hits.length - 1 : next;
      });
    } else if (event.key === 'Enter' && shown && active >= 0 && hits[active]) {
      event.preventDefault();
      go(hits[active]);
    } else if (event.key === 'Escape') {
      // First Escape closes the list (a search box would clear itself too: not yet), the next clears.
      if (shown) {
        event.preventDefault();
        setOpen(false);
      } else setQuery('');
    }
  };
  const listId = `${id}-hits`;
  const optionId = (i: number) => `${id}-hit-${i}`;
  const activeHit = shown && active >= 0 && active < hits.length;
  return (
    <form
      role="search"
      action="/search"
      method="get"
      className="site-search"
      onSubmit={(event) => {
        event.preventDefault();
        if (wanted === '') return;
        setOpen(false);
        void navigate(`/search?q=${encodeURIComponent(wanted)}`);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        <FormattedMessage id="search.label" />
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={40}
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeHit ? optionId(active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        // Closed a moment after the box loses focus (a click on a hit lands first); focus again cancels it.
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), 150);
        }}
        onFocus={() => {
          clearTimeout(closing.current);
          setOpen(true);
        }}
      />
      <button type="submit" className="sr-only" tabIndex={-1}>
        <FormattedMessage id="search.title" />
      </button>
      <ul id={listId} role="listbox" className="search-hits" hidden={!shown}>
        {hits.map((hit, i) => (
          <li
            key={`${hit.kind}-${hit.code}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'search-hit active' : 'search-hit'}
            onMouseDown={(event) => {
              event.preventDefault();
              go(hit);
            }}
          >
            <span className="search-kind">
              <FormattedMessage id={`search.kind.${hit.kind}`} />
            </span>
            <span className="search-name">{hit.name}</span>
            {hit.detail ? <small className="search-detail">{hit.detail}</small> : null}
          </li>
        ))}
        {shown && hits.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected="false" className="search-none">
            <FormattedMessage id={result?.failed ?? 'search.none'} />
          </li>
        ) : null}
      </ul>
      <span role="status" className="sr-only">
        {shown ? <FormattedMessage id="search.count" values={{ count: hits.length }} /> : ''}
      </span>
    </form>
  );
}
