import * as OpenCC from 'opencc-js';

let converter: ((text: string) => string) | undefined;
/**
 * Conversions already made: a games repeats the same names (athletes, teams, venues, events) in
 * thousands of messages, and OpenCC's dictionary walk was a tenth of ingest. Bounded: cleared when full.
 */
const converted = new Map<string, string>();
const CONVERTED_MAX = 100_000;

/** Text in Traditional characters as Hong Kong writes them: OpenCC's word conversion (cn to hk). Not for a person's name: src/server/odf/personNames.ts. */
export function toTraditional(text: string): string {
  const known = converted.get(text);
  if (known !== undefined) return known;
  converter ??= OpenCC.Converter({ from: 'cn', to: 'hk' });
  const result = converter(text);
  if (converted.size >= CONVERTED_MAX) converted.clear();
  converted.set(text, result);
  return result;
}
