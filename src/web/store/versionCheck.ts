import type { SafeStorage } from './storage';

/** Spec section 9: the site version is polled every 120 s and kept under `info-version`. */
export const VERSION_POLL_MS = 120_000;
export const VERSION_KEY = 'info-version';
/** The version a reload was made for; a second reload for the same version is a loop and is refused. */
export const RELOAD_GUARD_KEY = 'info-version-reloaded';

export interface VersionCheckDeps {
  fetchVersion: () => Promise<string>;
  /** Long-lived storage (local storage) for the version seen. */
  storage: SafeStorage;
  /** Per-tab storage (session storage) for the reload guard. */
  session: SafeStorage;
  reload: () => void;
}

/**
 * One check: the first version seen is stored without reloading; a later, different one reloads the
 * page once. A failing `/v.json`, or a storage that cannot keep the version, never reloads.
 */
export async function checkVersion(deps: VersionCheckDeps): Promise<'stored' | 'same' | 'reload' | 'skipped'> {
  let version: string;
  try {
    version = await deps.fetchVersion();
  } catch {
    return 'skipped';
  }
  if (!version) return 'skipped';
  const known = deps.storage.readText(VERSION_KEY);
  if (known === version) return 'same';
  if (!deps.storage.writeText(VERSION_KEY, version)) return 'skipped';
  if (known === undefined) return 'stored';
  if (deps.session.readText(RELOAD_GUARD_KEY) === version) return 'skipped';
  if (!deps.session.writeText(RELOAD_GUARD_KEY, version)) return 'skipped';
  deps.reload();
  return 'reload';
}

/** Checks at start and every 120 s; returns a stop function. */
export function startVersionCheck(deps: VersionCheckDeps, every = VERSION_POLL_MS): () => void {
  void checkVersion(deps);
  const timer = setInterval(() => void checkVersion(deps), every);
  return () => clearInterval(timer);
}

/** `/v.json?r=` with a random cache-busting parameter (spec section 7). */
export async function fetchSiteVersion(fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(`/v.json?r=${Math.random().toString(36).slice(2)}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`v.json answered ${response.status}`);
  const body = (await response.json()) as { v?: unknown };
  return typeof body.v === 'string' ? body.v : '';
}
