import { useSyncExternalStore } from 'react';
import { safeStorage } from '../store/storage';

/**
 * What a reader follows: delegations and athletes by code, kept in the browser (no account). Pages
 * read it with `useFollowed`; the server renders nothing followed and the browser fills it in after
 * hydration, so the first HTML stays the same for everyone (and cacheable).
 */
export interface Followed {
  readonly delegations: readonly string[];
  readonly athletes: readonly string[];
}
export type FollowKind = keyof Followed;

export const FOLLOW_KEY = 'podium-follow';
/**
 * A cookie that says only "this reader follows someone", kept in step with the stored set: the boot
 * script (app/wakeScript.ts) wakes a follower's page by it. Reading it costs nothing at boot (the
 * script reads the cookies anyway), where a page's first read of local storage is a synchronous
 * load, a long task on a phone. The server and caches ignore it (not in any cache key).
 */
export const FOLLOWS_COOKIE = 'podium-follows';
const FOLLOWS_COOKIE_DAYS = 400; // the longest a browser keeps a cookie
/** A reader follows a few; a list past this is not one a person made (and would bloat URLs). */
export const MAX_FOLLOWED = 100;
const CODE = /^[A-Za-z0-9]{1,20}$/;
const EMPTY: Followed = { delegations: [], athletes: [] };

const storage = safeStorage(() => (typeof window === 'undefined' ? undefined : window.localStorage));

const codes = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((code): code is string => typeof code === 'string' && CODE.test(code)).slice(0, MAX_FOLLOWED)
    : [];

/** The stored set, whatever the storage holds: corrupt or foreign data reads as nothing followed. */
function parse(text: string | undefined): Followed {
  if (text === undefined) return EMPTY;
  try {
    const value = JSON.parse(text) as { delegations?: unknown; athletes?: unknown } | null;
    if (typeof value !== 'object' || value === null) return EMPTY;
    return { delegations: codes(value.delegations), athletes: codes(value.athletes) };
  } catch {
    return EMPTY;
  }
}

const followsSomeone = (followed: Followed) => followed.delegations.length > 0 || followed.athletes.length > 0;

/** Sets or clears the cookie hint when it disagrees with the set (also for sets kept before it existed). */
function markCookie(followed: Followed): void {
  if (typeof document === 'undefined') return;
  const marked = document.cookie.split('; ').includes(`${FOLLOWS_COOKIE}=1`);
  const follows = followsSomeone(followed);
  if (marked === follows) return;
  const age = follows ? FOLLOWS_COOKIE_DAYS * 24 * 60 * 60 : 0;
  document.cookie = `${FOLLOWS_COOKIE}=${follows ? '1' : ''}; Path=/; Max-Age=${age}; SameSite=Lax`;
}

// One snapshot per stored text, so React sees the same object until the set changes.
let snapshot: { text: string | undefined; value: Followed } | undefined;
function current(): Followed {
  const text = storage.readText(FOLLOW_KEY);
  if (!snapshot || snapshot.text !== text) {
    snapshot = { text, value: parse(text) };
    markCookie(snapshot.value);
  }
  return snapshot.value;
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab following or unfollowing shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === FOLLOW_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFollowed(): Followed {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}

export const isFollowed = (followed: Followed, kind: FollowKind, code: string): boolean =>
  followed[kind].includes(code);

/** Follows or unfollows; false when the browser would not keep it (storage full or forbidden). */
export function toggleFollowed(kind: FollowKind, code: string): boolean {
  const now = current();
  const list = now[kind].includes(code) ? now[kind].filter((c) => c !== code) : [...now[kind], code];
  const kept = storage.write(FOLLOW_KEY, { ...now, [kind]: list.slice(0, MAX_FOLLOWED) });
  current(); // the new snapshot, and the cookie hint set or cleared with it
  for (const listener of listeners) listener();
  return kept;
}
