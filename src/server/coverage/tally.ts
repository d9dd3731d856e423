import type { ValueStatus } from '../../web/more/coverage';
import { shownByText, type ShownBy } from './layoutParts';
import { STATUS_ORDER, type Example, type ReadBy, type TypeCoverage, type ValueCoverage } from './report';

/** One value of one message, classified, ready to be counted. */
export interface Occurrence {
  readonly signature: string;
  readonly status: ValueStatus;
  readonly reason?: string;
  readonly value: string;
}

interface SignatureTally {
  count: number;
  messages: number;
  byStatus: Partial<Record<ValueStatus, number>>;
  reason?: string;
  example: Example & { value: string };
  exampleStatus: ValueStatus;
  shownBy: Map<string, ShownBy>;
}

/** The counts of one (sport, message type) as messages are read. */
export class TypeTally {
  private messages = 0;
  private unreadable = 0;
  private example: Example | undefined;
  private readonly values = new Map<string, SignatureTally>();

  constructor(
    readonly type: string,
    readonly readBy: ReadBy,
    readonly layouts: readonly string[],
  ) {}

  /** A message that could not be parsed again: counted, not classified. */
  addUnreadable(example: Example): void {
    this.unreadable += 1;
    this.example ??= example;
  }

  /** A message and its classified values (none for a type the core reads). */
  addMessage(example: Example, occurrences: readonly Occurrence[]): void {
    this.messages += 1;
    this.example ??= example;
    const seen = new Set<string>();
    for (const o of occurrences) {
      let tally = this.values.get(o.signature);
      if (!tally) {
        tally = {
          count: 0,
          messages: 0,
          byStatus: {},
          example: { ...example, value: o.value },
          exampleStatus: o.status,
          shownBy: new Map(),
        };
        this.values.set(o.signature, tally);
      }
      tally.count += 1;
      tally.byStatus[o.status] = (tally.byStatus[o.status] ?? 0) + 1;
      if (o.reason !== undefined) tally.reason ??= o.reason;
      // The example shows the worst case: a message that left it under "More", when one did.
      if (rank(o.status) < rank(tally.exampleStatus)) {
        tally.example = { ...example, value: o.value };
        tally.exampleStatus = o.status;
      }
      if (!seen.has(o.signature)) {
        seen.add(o.signature);
        tally.messages += 1;
      }
    }
  }

  /** Whether a read signature already knows where it is shown (its parts are looked for once). */
  attributed(signature: string): boolean {
    return (this.values.get(signature)?.shownBy.size ?? 0) > 0;
  }

  addShownBy(signature: string, shown: readonly ShownBy[]): void {
    const tally = this.values.get(signature);
    if (tally) for (const s of shown) tally.shownBy.set(shownByText(s), s);
  }

  result(): TypeCoverage | undefined {
    if (!this.example) return undefined;
    const values: ValueCoverage[] = [...this.values].map(([signature, t]) => {
      const status = STATUS_ORDER.find((s) => (t.byStatus[s] ?? 0) > 0) ?? 'read';
      return {
        signature,
        status,
        ...(t.reason !== undefined && status === 'hidden' ? { reason: t.reason } : {}),
        count: t.count,
        messages: t.messages,
        byStatus: t.byStatus,
        example: t.example,
        ...(t.shownBy.size > 0 ? { shownBy: [...t.shownBy.values()] } : {}),
      };
    });
    values.sort((a, b) => rank(a.status) - rank(b.status) || b.count - a.count || compare(a.signature, b.signature));
    return {
      type: this.type,
      readBy: this.readBy,
      layouts: [...this.layouts],
      messages: this.messages,
      example: this.example,
      values,
      ...(this.unreadable > 0 ? { unreadable: this.unreadable } : {}),
    };
  }
}

const rank = (status: ValueStatus): number => STATUS_ORDER.indexOf(status);
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
