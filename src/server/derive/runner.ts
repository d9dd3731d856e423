import type { GamesCodeNames } from '../reference/codeNames';
import { strongEtag, type DocumentStore } from '../store/documents';
import type { Db } from '../store/database';
import type { Deriver } from './types';

/**
 * Rebuilds the derived documents whose inputs changed. Each derived document keeps a version that
 * goes up only when its content changes, so its ETag and caches stay put otherwise.
 */
export class DeriveRunner {
  /** Changed inputs: the codes of the changed input documents, or `all` when not known. */
  private readonly dirty = new Map<string, Set<string> | 'all'>();
  private readonly statements;
  constructor(
    private readonly store: DocumentStore,
    private readonly db: Db,
    private readonly derivers: readonly Deriver[],
    private readonly codeNames?: GamesCodeNames,
  ) {
    this.statements = {
      // A note written again is newer: the deriver that read the older one leaves it (`done`).
      note: db.prepare(
        `INSERT INTO derive_pending (input, code, at) VALUES (?, ?, (SELECT coalesce(max(at), 0) + 1 FROM derive_pending))
         ON CONFLICT (input, code) DO UPDATE SET at = excluded.at`,
      ),
      read: db.prepare<[], Note>('SELECT input, code, at FROM derive_pending'),
      done: db.prepare('DELETE FROM derive_pending WHERE input = @input AND code = @code AND at = @at'),
      clear: db.prepare('DELETE FROM derive_pending'),
      any: db.prepare('SELECT EXISTS (SELECT 1 FROM derive_pending)').pluck(),
    };
  }

  /**
   * Notes that documents of this type (or rows of this `table:`) changed; `codes`, when the writer
   * knows them, name the changed documents (or rows), so a deriver that can (`affected`,
   * `buildPart`) rebuilds only the documents they affect. The note is also written to the store, in
   * the writer's transaction: if the process dies before `flush`, the next start finishes the work.
   */
  touch(input: string, codes?: string | Iterable<string>): void {
    const current = this.dirty.get(input);
    if (current === 'all') return;
    if (codes === undefined) {
      this.dirty.set(input, 'all');
      this.statements.note.run(input, '*');
      return;
    }
    const known = current ?? new Set<string>();
    for (const code of typeof codes === 'string' ? [codes] : codes) {
      if (known.has(code)) continue;
      known.add(code);
      this.statements.note.run(input, code);
    }
    this.dirty.set(input, known);
  }

  /** Whether derived documents wait to be rebuilt: here, or left by a process that stopped first. */
  get pending(): boolean {
    return this.dirty.size > 0 || this.statements.any.get() === 1;
  }

  /** Rebuilds every deriver with a changed input; returns the names of those rebuilt. */
  flush(): string[] {
    const plan = this.plan();
    this.save(plan);
    return plan.steps.map((step) => step.deriver.name);
  }

  /**
   * Forgets the changes noted in memory, their notes left in the store for another process or
   * thread to derive (the ingest writer, whose deriver runs beside it: odf/deriverThread.ts).
   */
  forget(): void {
    this.dirty.clear();
  }

  /**
   * The writer's flush (odf/ingest.ts applyQueued): the derived documents are made from a read
   * snapshot, without the write lock, then written in one short transaction, so receivers and
   * other writers wait for the writes alone, not for the derivers' work. Only the service's one
   * writer changes the documents derivers read, so what was made is still true when written.
   * `seen` reads what the plan saw (in its snapshot) and writes it with the documents.
   */
  flushOutsideLock<T>(seen?: Seen<T>): string[] {
    const { plan, value } = this.db.transaction(() => ({ plan: this.plan(), value: seen?.read() })).deferred();
    if (plan.steps.length === 0 && plan.notes.length === 0 && this.dirty.size === 0 && !seen) return [];
    const started = performance.now();
    this.store.transaction(() => {
      this.save(plan);
      if (seen) seen.write(value as T);
    });
    if (process.env.PODIUM_DERIVE_TIMES)
      console.log(
        `derive save (${plan.steps.map((s) => `${s.deriver.name} ${s.changed.length}/${s.made}`).join(', ')}): ${(performance.now() - started).toFixed(1)} ms under the write lock`,
      );
    return plan.steps.map((step) => step.deriver.name);
  }

  /** What the changed inputs call for: each stale deriver's documents, made (reads only). */
  private plan(): Plan {
    // Notes another process (or an earlier run of this one) left in the store count as well.
    const notes = this.statements.read.all();
    for (const { input, code } of notes) {
      if (code === '*') this.dirty.set(input, 'all');
      else {
        const current = this.dirty.get(input);
        if (current === 'all') continue;
        this.dirty.set(input, (current ?? new Set<string>()).add(code));
      }
    }
    if (this.dirty.size === 0) return { steps: [], notes };
    // A deriver is stale when an input changed, or one of its own documents was found damaged
    // (store/documents.ts notes its type).
    const stale = this.derivers.filter((d) => [...d.inputs, ...d.owns].some((input) => this.dirty.has(input)));
    // A note on one of a deriver's own types says a stored copy was found damaged (its row's ETag
    // no longer its body's): its documents are compared by reading them, which checks each body.
    return {
      steps: stale.map((deriver) =>
        this.step(
          deriver,
          this.partOf(deriver),
          deriver.owns.some((type) => this.dirty.has(type)),
        ),
      ),
      notes,
    };
  }

  /** Writes what was planned and forgets the changes it answered (the notes too). */
  private save(plan: Plan): void {
    this.dirty.clear();
    // Only the notes read: one written since (a writer beside this deriver) waits for the next flush.
    for (const note of plan.notes) this.statements.done.run(note);
    for (const step of plan.steps) this.write(step);
  }

  /**
   * The codes of a deriver's documents that the changes affect, when it can rebuild those alone and
   * knows, for every changed input, which they are; undefined for a full rebuild.
   */
  private partOf(deriver: Deriver): ReadonlySet<string> | undefined {
    if (!deriver.buildPart || !deriver.affected) return undefined;
    if (deriver.owns.some((type) => this.dirty.has(type))) return undefined;
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
    this.statements.clear.run();
    for (const deriver of this.derivers) this.write(this.step(deriver, undefined, true));
  }

  /**
   * A deriver's documents (of `part` only, when given), made and compared with the stored ones by
   * ETag (by reading each stored body, which checks it, when `verify`): what changed, and the
   * derived documents of its types it no longer makes. Reads only, so the writer's flush does it
   * before the write lock (700 documents compared there held receivers and the writer a second
   * behind it: bench:ingest).
   */
  private step(deriver: Deriver, part?: ReadonlySet<string>, verify = false): PlannedStep {
    const produced = this.produce(deriver, part);
    const keep = new Set(produced.map(({ type, code }) => `${type}\u0000${code}`));
    const changed = produced.filter(({ type, code, body, etag }) =>
      verify ? this.store.get(type, code)?.body !== body : this.store.etag(type, code) !== etag,
    );
    const removed = deriver.owns.flatMap((type) =>
      (part ? [...part].filter((code) => this.store.stored(type, code)?.derived) : this.store.derivedCodes(type))
        .filter((code) => !keep.has(`${type}\u0000${code}`))
        .map((code) => ({ type, code })),
    );
    return { deriver, made: produced.length, changed, removed };
  }

  /** A deriver's documents (of `part` only, when given), as JSON text. */
  private produce(deriver: Deriver, part?: ReadonlySet<string>): ProducedDocument[] {
    const started = performance.now();
    try {
      const context = { store: this.store, db: this.db, codeNames: this.codeNames };
      const docs = part ? deriver.buildPart!(context, part) : deriver.build(context);
      return docs.map((doc) => {
        const body = JSON.stringify(doc.body);
        return { type: doc.type, code: doc.code, body, etag: strongEtag(body) };
      });
    } finally {
      if (process.env.PODIUM_DERIVE_TIMES)
        console.log(
          `derive ${deriver.name}${part ? ` (${part.size} documents)` : ''}: ${(performance.now() - started).toFixed(1)} ms`,
        );
    }
  }

  /** Writes a step's changed documents, each at its next version, and removes what it no longer makes. */
  private write({ changed, removed }: PlannedStep): void {
    for (const { type, code, body } of changed)
      this.store.put({ type, code, version: (this.store.stored(type, code)?.version ?? 0) + 1, body, derived: true });
    for (const { type, code } of removed) this.store.remove(type, code);
  }
}

/** A derive note as the store keeps it. */
interface Note {
  readonly input: string;
  readonly code: string;
  readonly at: number;
}

/** Something read with a plan's notes, in the same snapshot, and written with its documents. */
export interface Seen<T> {
  read(): T;
  write(value: T): void;
}

/** The stale derivers' documents, made, and the notes they answer. */
interface Plan {
  readonly steps: readonly PlannedStep[];
  readonly notes: readonly Note[];
}

/** A deriver's documents, made and compared with the stored ones: what `save` writes. */
interface PlannedStep {
  readonly deriver: Deriver;
  /** How many documents it made. */
  readonly made: number;
  /** Those not stored with the same content. */
  readonly changed: readonly ProducedDocument[];
  /** Its derived documents it no longer makes. */
  readonly removed: readonly { readonly type: string; readonly code: string }[];
}

interface ProducedDocument {
  readonly type: string;
  readonly code: string;
  readonly body: string;
  readonly etag: string;
}
