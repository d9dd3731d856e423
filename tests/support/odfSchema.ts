import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The official ODF XML Schema (test material beside the project: ../shared/odf-schema/README.md). */
export const ODF_SCHEMA = join(import.meta.dirname, '..', '..', '..', 'shared', 'odf-schema', 'odf2.xsd');

/**
 * What the schema refuses that an ODF data dictionary documents: a version difference, not an
 * error. Each entry: the xmllint error it accepts, the message types it is accepted in, and the
 * dictionary that documents it. Nothing else is accepted.
 */
export const SCHEMA_DIFFERENCES: readonly { pattern: RegExp; types: readonly string[]; dictionary: string }[] = [
  {
    pattern: /Element 'Participant', attribute 'Current': The attribute 'Current' is not allowed/,
    types: ['DT_PARTIC'],
    dictionary:
      'Paris 2024 DT_PARTIC (ODF Basketball Data Dictionary SOG-2024-BKB-3.4 APP, 2.3.2): Participant/@Current',
  },
  {
    pattern: /Element 'RegisteredEvent': This element is not expected\. Expected is \( DisciplineEntry \)/,
    types: ['DT_PARTIC'],
    dictionary:
      'Paris 2024 DT_PARTIC (ODF Basketball Data Dictionary SOG-2024-BKB-3.4 APP, 2.3.2): Discipline/RegisteredEvent',
  },
  {
    pattern: /Element 'RegisteredEvent': This element is not expected\. Expected is \( DisciplineEntry \)/,
    types: ['DT_PARTIC_TEAMS'],
    dictionary:
      'ODF General Messages Interface Document WOG-2022-GEN-2.6 APP, 2.1.3.4 DT_PARTIC_TEAMS: Team/Discipline/RegisteredEvent',
  },
  {
    pattern: /Element 'Athlete': This element is not expected\. Expected is \( Team \)/,
    types: ['DT_PARTIC_TEAMS'],
    dictionary:
      'ODF General Messages Interface Document WOG-2022-GEN-2.6 APP, 2.1.3.4 DT_PARTIC_TEAMS: Team/Composition/Athlete',
  },
];

/** One schema error xmllint reports: the file, its message type, and what it says. */
export interface SchemaError {
  file: string;
  type: string;
  message: string;
}

const run = promisify(execFile);
/** Files per xmllint call: one schema load for many messages, below the argument-length limit. */
const BATCH = 400;

const typeOf = (file: string) => /DocumentType="([^"]+)"/.exec(readFileSync(file, 'utf8').slice(0, 2000))?.[1] ?? '';

/** Every error xmllint finds in `files` against the ODF schema, batched, a few calls at a time. */
export async function schemaErrors(files: readonly string[], parallel = 2): Promise<SchemaError[]> {
  const batches: string[][] = [];
  for (let i = 0; i < files.length; i += BATCH) batches.push(files.slice(i, i + BATCH));
  const errors: SchemaError[] = [];
  const types = new Map<string, string>();
  const next = async (): Promise<void> => {
    const batch = batches.shift();
    if (!batch) return;
    // xmllint exits non-zero when a file fails: its report on stderr is what counts.
    const output = await run('xmllint', ['--noout', '--schema', ODF_SCHEMA, ...batch], {
      maxBuffer: 512 * 1024 * 1024,
    }).then(
      (r) => r.stderr,
      (e: { stderr?: string }) => e.stderr ?? String(e),
    );
    for (const line of output.split('\n')) {
      const match = /^(.+?):\d+: (.*)$/.exec(line);
      if (!match) {
        if (line && !/ validates$| fails to validate$/.test(line)) errors.push({ file: '', type: '', message: line });
        continue;
      }
      const file = match[1]!;
      if (!types.has(file)) types.set(file, typeOf(file));
      errors.push({ file, type: types.get(file)!, message: match[2]! });
    }
    return next();
  };
  await Promise.all(Array.from({ length: parallel }, next));
  return errors;
}

/** The errors no entry of SCHEMA_DIFFERENCES accepts. */
export const unaccepted = (errors: readonly SchemaError[]): SchemaError[] =>
  errors.filter((e) => !SCHEMA_DIFFERENCES.some((d) => d.types.includes(e.type) && d.pattern.test(e.message)));
