import type { OdfElement } from './normalise';
import { attr as text, children } from './read';

/** A record broken in a unit, as its result says (RecordIndicators on a result row). */
export interface RecordBroken {
  readonly unit: string;
  readonly code: string;
  readonly recordType: string | undefined;
  readonly result: string | undefined;
  readonly organisation: string | undefined;
  readonly competitor: OdfElement | undefined;
}

export interface UnitFacts {
  readonly code: string;
  readonly discipline: string;
  readonly status: string | undefined;
  readonly organisations: string[];
  readonly records: RecordBroken[];
}

/** Extracts what derived documents need from one unit's DT_RESULT. */
export function unitFactsOf(code: string, status: string | undefined, body: OdfElement): UnitFacts {
  const organisations = new Set<string>();
  const records: RecordBroken[] = [];
  for (const competition of children(body, 'Competition')) {
    for (const row of children(competition, 'Result')) {
      const competitor = children(row, 'Competitor')[0];
      const organisation = text(competitor, 'Organisation');
      if (organisation) organisations.add(organisation);
      for (const athlete of children(children(competitor, 'Composition')[0], 'Athlete')) {
        const own = text(children(athlete, 'Description')[0], 'Organisation');
        if (own) organisations.add(own);
      }
      for (const indicators of children(row, 'RecordIndicators')) {
        for (const indicator of children(indicators, 'RecordIndicator')) {
          const recordCode = text(indicator, 'Code');
          if (!recordCode) continue;
          records.push({
            unit: code,
            code: recordCode,
            recordType: text(indicator, 'RecordType'),
            result: text(row, 'Result'),
            organisation,
            competitor,
          });
        }
      }
    }
  }
  return { code, discipline: code.slice(0, 3), status, organisations: [...organisations].sort(), records };
}

/**
 * The derive inputs of the unit_facts table, one per fact its derivers read: a new version that
 * changes only a unit's status (every result does, LIVE to OFFICIAL) wakes none of them.
 */
export const UNIT_FACTS_INPUTS = {
  organisations: 'table:unit_facts:organisations',
  records: 'table:unit_facts:records',
} as const;
