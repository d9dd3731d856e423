import type { RecordBroken } from '../odf/unitFacts';
import { competitorSummary } from './competitor';
import { gamesNames } from './names';
import type { Deriver } from './types';
import { UNIT_FACTS_INPUTS } from '../odf/unitFacts';

/** RECORDS/ALL: every record broken or equalled, as the units' results mark them. */
export const recordsDeriver: Deriver = {
  name: 'records',
  inputs: [UNIT_FACTS_INPUTS.records, 'DT_PARTIC', 'DT_PARTIC_TEAMS'],
  owns: ['RECORDS'],
  build({ db, store }) {
    const names = gamesNames(store);
    const rows = db.prepare('SELECT code, discipline, records FROM unit_facts ORDER BY code').all() as {
      code: string;
      discipline: string;
      records: string;
    }[];
    const records = rows.flatMap((row) =>
      (JSON.parse(row.records) as RecordBroken[]).map((r) => ({
        unit: r.unit,
        discipline: row.discipline,
        record: r.code,
        recordType: r.recordType,
        result: r.result,
        organisation: r.organisation,
        competitor: competitorSummary(r.competitor, names),
      })),
    );
    return [{ type: 'RECORDS', code: 'ALL', body: { records } }];
  },
};
