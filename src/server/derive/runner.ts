import type { DocumentStore } from '../store/documents';
import type { Db } from '../store/database';
import type { Deriver } from './types';

/**
 * Rebuilds the derived documents whose inputs changed. Each derived document keeps a version that
 * goes up only when its content changes, so its ETag and caches stay put otherwise.
 */
export class DeriveRunner {
  /** Changed inputs: the codes of the changed input documents, or `all` when not known. */
  private readonly dirty = new Map<string, Set<string> | 'all'>();
  constructor(
    private readonly store: DocumentStore,
    private readonly db: Db,
    private readonly derivers: readonly Deriver[],
  ) {}

  /**
   * Notes that documents of this type (or rows of this `table:`) changed; `codes`, when the writer
   * knows them, name the changed documents (or rows), so a deriver that can (`affected`,
   * `buildPart`) rebuilds only the documents they affect.
   */
  touch(input: string, codes?: string | Iterable<string>): void {
    const current = this.dirty.get(input);
    if (current === 'all') return;
    if (codes === undefined) {
      this.dirty.set(input, 'all');
      return;
    }
    const known = current ?? new Set<string>();
    for (const code of typeof codes === 'string' ? [codes] : codes) known.add(code);
    this.dirty.set(input, known);
  }

  get pending(): boolean {
    return this.dirty.size > 0;
  }

  /** Rebuilds every deriver with a changed input; returns the names of those rebuilt. */
  flush(): string[] {
    if (this.dirty.size === 0) return [];
    const stale = this.derivers.filter((d) => d.inputs.some((input) => this.dirty.has(input)));
    const parts = new Map(stale.map((deriver) => [deriver, this.partOf(deriver)]));
    this.dirty.clear();
    for (const deriver of stale) this.run(deriver, parts.get(deriver));
    return stale.map((d) => d.name);
  }

  /**
   * The codes of a deriver's documents that the changes affect, when it can rebuild those alone and
   * knows, for every changed input, which they are; undefined for a full rebuild.
   */
  private partOf(deriver: Deriver): ReadonlySet<string> | undefined {
    if (!deriver.buildPart || !deriver.affected) return undefined;
    const codes = new Set<string>();
    for (const input of deriver.inputs) {
      const changed = this.dirty.get(input);
      if (changed === 'all') return undefined;
      for (const code of changed ?? []) {
        const affected = deriver.affected(input, code);
        if (!affected) return undefined;
        for (const one of affected) codes.add(one);
      }
    }
    return codes;
  }

  /** Rebuilds everything, for a store whose derived documents may be missing (first start, migrations). */
  rebuildAll(): void {
    this.dirty.clear();
    for (const deriver of this.derivers) this.run(deriver);
  }

  private run(deriver: Deriver, part?: ReadonlySet<string>): void {
    const started = performance.now();
    try {
      if (part) this.buildPart(deriver, part);
      else this.build(deriver);
    } finally {
      if (process.env.PODIUM_DERIVE_TIMES)
        console.log(
          `derive ${deriver.name}${part ? ` (${part.size} documents)` : ''}: ${(performance.now() - started).toFixed(1)} ms`,
        );
    }
  }

  /** Writes a document unless it is there with the same content (its version then stays). */
  private write(type: string, code: string, content: unknown): void {
    const body = JSON.stringify(content);
    const existing = this.store.get(type, code);
    if (existing && existing.body === body) return;
    this.store.put({ type, code, version: (existing?.version ?? 0) + 1, body, derived: true });
  }

  /** The documents of `codes` only: those produced are written, the others of these codes removed. */
  private buildPart(deriver: Deriver, codes: ReadonlySet<string>): void {
    const produced = deriver.buildPart!({ store: this.store, db: this.db }, codes);
    const keep = new Set<string>();
    for (const doc of produced) {
      keep.add(`${doc.type}\u0000${doc.code}`);
      this.write(doc.type, doc.code, doc.body);
    }
    for (const type of deriver.owns) {
      for (const code of codes) {
        const existing = this.store.get(type, code);
        if (existing?.derived && !keep.has(`${type}\u0000${code}`)) this.store.remove(type, code);
      }
    }
  }

  private build(deriver: Deriver): void {
    const produced = deriver.build({ store: this.store, db: this.db });
    const keep = new Set<string>();
    for (const doc of produced) {
      keep.add(`${doc.type}\u0000${doc.code}`);
      this.write(doc.type, doc.code, doc.body);
    }
    for (const type of deriver.owns) {
      for (const doc of this.store.listByType(type)) {
        if (doc.derived && !keep.has(`${doc.type}\u0000${doc.code}`)) this.store.remove(doc.type, doc.code);
      }
    }
  }
}
