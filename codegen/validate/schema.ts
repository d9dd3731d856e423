import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { eventsSchema } from '../../schemas/events';
import { sharedHiddenSchema } from '../../schemas/hidden';
import { sharedSectionsSchema } from '../../schemas/sections';
import { legendSetSchema, sharedLabelsSchema, sportSchema } from '../../schemas/sport';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import { tryParseValuePath } from '../../src/core/valuePath';
import { pointerToken, type ProblemList } from '../problems';

export const SCHEMAS = {
  sport: sportSchema,
  legendSet: legendSetSchema,
  sharedLabels: sharedLabelsSchema,
  events: eventsSchema,
  sharedHidden: sharedHiddenSchema,
  sharedSections: sharedSectionsSchema,
} as const;
export type SchemaName = keyof typeof SCHEMAS;

/** One ajv instance for codegen and `sports:check`; the same options build the standalone code. */
export function createAjv(forStandalone = false, options: { inlineRefs?: boolean } = {}): Ajv {
  return new Ajv({
    ...options,
    allErrors: true,
    strict: true,
    // The competitor lists' lines are open tuples: four fixed columns, then the names (schemas/api).
    strictTuples: false,
    ...(forStandalone ? { code: { source: true, esm: true, lines: true } } : {}),
  });
}

const compiled = new Map<SchemaName, ValidateFunction>();
function validatorFor(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    validate = createAjv().compile(SCHEMAS[name]);
    compiled.set(name, validate);
  }
  return validate;
}

/** Validates against a schema; adds one plain-words problem per ajv error. True when valid. */
export function checkSchema(name: SchemaName, data: unknown, problems: ProblemList): boolean {
  const validate = validatorFor(name);
  if (validate(data)) return true;
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const explained = explain(error, data);
    if (!explained) continue;
    const key = `${explained.pointer}\n${explained.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.add(explained.pointer, explained.message);
  }
  return false;
}

function quote(value: unknown): string {
  return JSON.stringify(value);
}

function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** What the allowed values of an enum are, named from where the value sits in the plugin. */
const ENUM_NOUNS: Record<string, string> = {
  unitTabs: 'tab id',
  module: 'module',
  entity: 'entity',
  key: 'legend key',
  cell: 'cell kind',
  widget: 'widget',
  document: 'document type',
  align: 'alignment',
  hideBelow: 'breakpoint',
  type: 'sort type',
  direction: 'sort direction',
};

function enumNoun(instancePath: string, propertyName: string | undefined): string {
  const tokens = instancePath.split('/').filter((t) => t !== '' && !/^[0-9]+$/.test(t));
  const last = tokens[tokens.length - 1] ?? '';
  if (propertyName !== undefined) return last === 'tabs' ? 'tab id' : last === 'pages' ? 'page id' : 'key';
  if (last === 'page' && tokens[0] === 'menu') return 'page for this menu position';
  return ENUM_NOUNS[last] ?? 'value';
}

/** The allowed value nearest to a misspelling (at most two edits away), as a hint. */
export function didYouMean(value: string, allowed: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const d = editDistance(value.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best === undefined ? '' : ` (did you mean ${quote(best)}?)`;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function explain(error: ErrorObject, data: unknown): { pointer: string; message: string } | undefined {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'propertyNames':
      return undefined; // the inner error (enum or pattern) names the property and says why
    case 'enum': {
      const allowedValues = (params.allowedValues as unknown[]).map(String);
      const allowed = allowedValues.join(', ');
      const noun = enumNoun(at, error.propertyName);
      if (error.propertyName !== undefined) {
        return {
          pointer: `${at}/${pointerToken(error.propertyName)}`,
          message: `${quote(error.propertyName)} is not a known ${noun}${didYouMean(error.propertyName, allowedValues)}; allowed: ${allowed}`,
        };
      }
      const value = valueAt(data, at);
      return {
        pointer: at,
        message: `${quote(value)} is not a known ${noun}${didYouMean(String(value), allowedValues)}; allowed: ${allowed}`,
      };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      return { pointer: `${at}/${pointerToken(name)}`, message: `unknown key ${quote(name)}` };
    }
    case 'required': {
      const name = String(params.missingProperty);
      const isLocale = (LOCALE_IDS as readonly string[]).includes(name);
      return {
        pointer: at,
        message: isLocale ? `missing locale ${quote(name)}` : `missing required key ${quote(name)}`,
      };
    }
    case 'pattern':
      return explainPattern(error, data);
    case 'type':
      return { pointer: at, message: `must be ${articled(String(params.type))}` };
    default:
      return { pointer: at, message: error.message ?? `fails ${error.keyword}` };
  }
}

function articled(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function explainPattern(error: ErrorObject, data: unknown): { pointer: string; message: string } {
  const at = error.instancePath;
  if (error.propertyName !== undefined) {
    return {
      pointer: `${at}/${pointerToken(error.propertyName)}`,
      message: `${quote(error.propertyName)} is not a valid label key (lower-case start, letters and digits, parts joined by ".")`,
    };
  }
  const value = valueAt(data, at);
  if (error.schemaPath.includes('valuePath')) {
    const parsed = tryParseValuePath(String(value));
    const reason = parsed.ok ? 'does not match the value-path grammar' : parsed.error.message;
    return { pointer: at, message: `value path ${quote(value)} does not parse: ${reason}` };
  }
  if (at === '/code') {
    return {
      pointer: at,
      message: `${quote(value)} is not a sport code: it must be three uppercase letters or digits`,
    };
  }
  if (error.schemaPath.includes('labelKey')) {
    return {
      pointer: at,
      message: `${quote(value)} is not a valid label key (lower-case start, letters and digits, parts joined by ".")`,
    };
  }
  return {
    pointer: at,
    message: `${quote(value)} must match ${String((error.params as { pattern: string }).pattern)}`,
  };
}
