import type { DocumentStore } from '../store/documents';

interface Parsed {
  readonly etag: string;
  readonly value: unknown;
  readonly bytes: number;
}

/**
 * Documents as page renders read them, parsed once per version and shared by every render on the
 * thread: the schedule and the organisation code table are read by nearly every page, and parsing
 * them again for each was an eighth of a render thread's time in a full export. Shared, so frozen:
 * a loader that changed one would change it for every page after (it throws instead). The least
 * recently read are dropped past `limitBytes` of their JSON.
 */
export class ParsedDocuments {
  private readonly kept = new Map<string, Parsed>();
  private bytes = 0;

  constructor(
    private readonly store: DocumentStore,
    private readonly limitBytes = 64 * 1024 * 1024,
  ) {}

  /** The document's body; undefined when there is none; a refused one throws as `store.json` does. */
  get<T>(type: string, code: string): T | undefined {
    const doc = this.store.get(type, code);
    if (!doc) return this.store.json<T>(type, code);
    const key = `${type}/${code}`;
    const kept = this.kept.get(key);
    if (kept?.etag === doc.etag) {
      // Read again: the last to be dropped (a Map keeps the order entries were set in).
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.value as T;
    }
    if (kept) this.drop(key, kept);
    const value = deepFreeze(JSON.parse(doc.body) as unknown);
    const parsed = { etag: doc.etag, value, bytes: doc.body.length };
    this.kept.set(key, parsed);
    this.bytes += parsed.bytes;
    for (const [oldest, entry] of this.kept) {
      if (this.bytes <= this.limitBytes || oldest === key) break;
      this.drop(oldest, entry);
    }
    return value as T;
  }

  private drop(key: string, entry: Parsed): void {
    this.kept.delete(key);
    this.bytes -= entry.bytes;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
