import type { ValueStatus } from '../../web/more/coverage';
import type { ShownBy } from './layoutParts';

/**
 * Feed coverage (issue 25): per sport and message type, every kind of value the stored messages
 * carry and how the sport's plugin treats it. The editor's worklist: what is under "More" is what
 * no layout shows yet.
 */
export interface CoverageReport {
  readonly generatedAt: string;
  /** Messages read: the latest stored message of each document whose bytes the log keeps. */
  readonly messages: number;
  readonly sports: SportCoverage[];
}

export interface SportCoverage {
  readonly sport: string;
  /** False when no plugin has the code: the site's default plugin reads it. */
  readonly plugin: boolean;
  /** Why the plugin could not be loaded (its types are then not classified). */
  readonly error?: string;
  readonly types: TypeCoverage[];
}

/** Where a message's value is read: one of the plugin's layouts, or the site's core (derived documents). */
export type ReadBy = 'layouts' | 'core';

export interface Example {
  readonly code: string;
  readonly messageId: number;
}

export interface TypeCoverage {
  readonly type: string;
  readonly readBy: ReadBy;
  /** The plugin's tabs and pages that read the type (`tab result`, `page summary`). */
  readonly layouts: string[];
  readonly messages: number;
  readonly example: Example;
  /** Every kind of value, for a type the layouts read; empty for one the core reads. */
  readonly values: ValueCoverage[];
  /** Messages that could not be read again (their bytes no longer parse: an older Podium's log). */
  readonly unreadable?: number;
}

export interface ValueCoverage {
  /** The value's path from its row (or from Competition for the unit's values), Code and Type named: one line per kind. */
  readonly signature: string;
  /** `more` when any message left it under "More"; else `hidden` when a mark of the plugin covers it; else `read`. */
  readonly status: ValueStatus;
  readonly reason?: string;
  /** Occurrences in all messages read, and in how many messages. */
  readonly count: number;
  readonly messages: number;
  /** Occurrences under each status (a value read in one document may be left unread in another). */
  readonly byStatus: Partial<Record<ValueStatus, number>>;
  /** A message that carries it (one that left it under "More", when one did), and the value there. */
  readonly example: Example & { readonly value: string };
  /** Where it is shown, for a read value. */
  readonly shownBy?: ShownBy[];
}

/** The order of the worklist: under "More" first, then hidden, then read. */
export const STATUS_ORDER: readonly ValueStatus[] = ['more', 'hidden', 'read'];
