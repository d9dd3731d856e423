import type { DocumentStore } from '../store/documents';
import type { Db } from '../store/database';
import type { Deriver } from './types';

/**
 * Rebuilds the derived documents whose inputs changed. Each derived document keeps a version that
 * goes up only when its content changes, so its ETag and caches stay put otherwise.
 */
export class DeriveRunner {
  private readonly dirty = new Set<string>();
  constructor(
    private readonly store: DocumentStore,
    private readonly db: Db,
    private readonly derivers: readonly Deriver[],
  ) {}

  /** Notes that documents of this type (or this `table:`) changed. */
  touch(input: string): void {
    this.dirty.add(input);
  }

  get pending(): boolean {
    return this.dirty.size > 0;
  }

  /** Rebuilds every deriver with a changed input; returns the names of those rebuilt. */
  flush(): string[] {
    if (this.dirty.size === 0) return [];
    const stale = this.derivers.filter((d) => d.inputs.some((input) => this.dirty.has(input)));
    this.dirty.clear();
    for (const deriver of stale) this.run(deriver);
    return stale.map((d) => d.name);
  }

  /** Rebuilds everything, for a store whose derived documents may be missing (first start, migrations). */
  rebuildAll(): void {
    this.dirty.clear();
    for (const deriver of this.derivers) this.run(deriver);
  }

  private run(deriver: Deriver): void {
    const started = performance.now();
    try {
      this.build(deriver);
    } finally {
      if (process.env.PODIUM_DERIVE_TIMES)
        console.log(`derive ${deriver.name}: ${(performance.now() - started).toFixed(1)} ms`);
    }
  }

  private build(deriver: Deriver): void {
    const produced = deriver.build({ store: this.store, db: this.db });
    const keep = new Set<string>();
    for (const doc of produced) {
      keep.add(`${doc.type}\u0000${doc.code}`);
      const body = JSON.stringify(doc.body);
      const existing = this.store.get(doc.type, doc.code);
      if (existing && existing.body === body) continue;
      this.store.put({ type: doc.type, code: doc.code, version: (existing?.version ?? 0) + 1, body, derived: true });
    }
    for (const type of deriver.owns) {
      for (const doc of this.store.listByType(type)) {
        if (doc.derived && !keep.has(`${doc.type}\u0000${doc.code}`)) this.store.remove(doc.type, doc.code);
      }
    }
  }
}
