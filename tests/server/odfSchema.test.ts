import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { demoMessages } from '../../src/server/demo/load';
import type { DemoMessage } from '../../src/server/demo';
import { loadSports } from '../../src/server/service';
import { SCHEMA_DIFFERENCES, schemaErrors, unaccepted, type SchemaError } from '../support/odfSchema';

/**
 * The demo games and the sports' examples are valid ODF: every message validates against the
 * official ODF XML Schema (xmllint), but for the version differences a dictionary documents.
 */
let dir: string;
let messages: DemoMessage[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'podium-odf-schema-'));
  messages = demoMessages({ sports: await loadSports() });
  for (const message of messages) writeFileSync(join(dir, message.name), message.xml);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const exampleFiles = (): string[] => {
  const sports = join(ROOT, 'sports');
  return readdirSync(sports, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .flatMap((d) => {
      const examples = join(sports, d.name, 'examples');
      try {
        return readdirSync(examples)
          .filter((name) => name.endsWith('.xml'))
          .map((name) => join(examples, name));
      } catch {
        return [];
      }
    });
};

/** The refused errors, one line each (file, type, message), the first ones only. */
const report = (errors: readonly SchemaError[]) =>
  errors.slice(0, 20).map((e) => `${e.file.split('/').slice(-3).join('/')} [${e.type}]: ${e.message}`);

const failingFiles = (files: readonly string[], errors: readonly SchemaError[]) =>
  new Set(errors.map((e) => e.file).filter((file) => files.includes(file)));

describe('ODF XML Schema', () => {
  it('every demo message validates, but for the named version differences', async () => {
    const files = messages.map((m) => join(dir, m.name));
    const refused = unaccepted(await schemaErrors(files));
    const valid = files.length - failingFiles(files, refused).size;
    console.info(`ODF schema: ${valid} of ${files.length} demo messages valid`);
    expect(report(refused)).toEqual([]);
    expect(files.length).toBeGreaterThan(5000);
  }, 120_000);

  it('every sport example validates, but for the named version differences', async () => {
    const files = exampleFiles();
    const refused = unaccepted(await schemaErrors(files));
    console.info(`ODF schema: ${files.length - failingFiles(files, refused).size} of ${files.length} examples valid`);
    expect(report(refused)).toEqual([]);
    expect(files.length).toBeGreaterThan(200);
  }, 60_000);

  it('names the dictionary of every accepted difference, each accepted in some message type', () => {
    for (const difference of SCHEMA_DIFFERENCES) {
      expect(difference.dictionary).toMatch(/DT_[A-Z_]+.*: \S+/);
      expect(difference.types.length).toBeGreaterThan(0);
    }
  });

  describe('the check catches what ODF does not have', () => {
    /** A valid demo athlete's result, its first athlete `Description` changed by `mutate`. */
    const mutated = async (name: string, mutate: (description: string) => string): Promise<SchemaError[]> => {
      const message = messages.find(
        (m) => m.xml.includes('DocumentType="DT_RESULT"') && /<Athlete [^>]*><Description [^>]*Gender="F"/.test(m.xml),
      )!;
      const original = /<Description [^>]*Gender="F"[^>]*\/>/.exec(message.xml)![0];
      const file = join(dir, `mutated-${name}.xml`);
      writeFileSync(file, message.xml.replace(original, mutate(original)));
      const before = unaccepted(await schemaErrors([join(dir, message.name)]));
      expect(before).toEqual([]);
      return unaccepted(await schemaErrors([file]));
    };

    it('a second Description Language="CHI" of an athlete', async () => {
      const errors = await mutated(
        'chinese',
        (d) => `${d}<Description Language="CHI" GivenName="明" FamilyName="李"/>`,
      );
      expect(errors.map((e) => e.message).join('\n')).toMatch(/Element 'Description': This element is not expected/);
    });

    it('a person\'s Gender="W" (a person is M, F or X)', async () => {
      const errors = await mutated('gender', (d) => d.replace('Gender="F"', 'Gender="W"'));
      expect(errors.map((e) => e.message).join('\n')).toMatch(/attribute 'Gender'.*The value 'W' is not accepted/);
    });
  });
});
