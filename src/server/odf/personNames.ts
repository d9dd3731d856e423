import table from './surnames/hongKong.json';
import { toTraditional } from './openccText';

/**
 * A person's name in Traditional characters as Hong Kong writes it. OpenCC converts words, and a
 * name is not one: alone it reads the surname 余 as 餘 and 范 as 範, and across a name it finds words
 * that are not there (朱红 would be 硃紅). So the family name is taken from a table of surnames
 * (surnames/hongKong.json, with its sources), and the given name is converted character by character.
 */

/** An entry of the table: the Traditional form, or a correction of OpenCC with its record. */
export type NameTableEntry = string | { hk: string; openCC: string; source?: string[]; note: string };
export interface NameTable {
  sources: { id: string; title: string; url: string }[];
  surnames: Record<string, NameTableEntry>;
  givenName: Record<string, NameTableEntry>;
}
export const NAME_TABLE: NameTable = table;

const traditionalOf = (entry: NameTableEntry) => (typeof entry === 'string' ? entry : entry.hk);
const SURNAMES = new Map(Object.entries(NAME_TABLE.surnames).map(([name, entry]) => [name, traditionalOf(entry)]));
const GIVEN = new Map(Object.entries(NAME_TABLE.givenName).map(([name, entry]) => [name, traditionalOf(entry)]));
/** The longest surname in characters (a compound surname is two). */
const LONGEST = Math.max(...[...SURNAMES.keys()].map((name) => [...name].length));

const givenCharacter = (character: string) => GIVEN.get(character) ?? toTraditional(character);

/** A given name, character by character: its characters are not a word, so no phrase is matched across them. */
export function traditionalGivenName(given: string): string {
  let out = '';
  for (const character of given) out += givenCharacter(character);
  return out;
}

/**
 * A family name by the table; one it does not list (a married woman's two surnames 范徐, a
 * transliteration) character by character, each as a surname when the table lists it.
 */
export function traditionalFamilyName(family: string): string {
  const known = SURNAMES.get(family);
  if (known !== undefined) return known;
  let out = '';
  for (const character of family) out += SURNAMES.get(character) ?? givenCharacter(character);
  return out;
}

/** Names already converted: ingest converts the same few thousand names in every message that names them. */
const pairs = new Map<string, [string, string]>();
const wholes = new Map<string, string>();
const CACHE_MAX = 50_000;
function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, value);
  return value;
}

/** A person's family and given names in Traditional characters, converted apart. */
export function traditionalName(family: string, given: string): [string, string] {
  const key = `${family}\u0000${given}`;
  const known = pairs.get(key);
  if (known) return [known[0], known[1]];
  const converted: [string, string] = [traditionalFamilyName(family), traditionalGivenName(given)];
  return [...remember(pairs, key, converted)];
}

/**
 * A whole name whose parts are not known (`张伟`): a leading surname of the table, the longest first
 * (so 欧阳 before 欧), then the rest as the given name. A name no surname starts is converted as a given name.
 */
export function traditionalFullName(name: string): string {
  const known = wholes.get(name);
  if (known !== undefined) return known;
  const characters = [...name];
  // A compound surname needs a given name after it; a one-character name may be a surname alone.
  for (let length = Math.min(LONGEST, Math.max(characters.length - 1, 1)); length >= 1; length -= 1) {
    const family = SURNAMES.get(characters.slice(0, length).join(''));
    if (family !== undefined)
      return remember(wholes, name, family + traditionalGivenName(characters.slice(length).join('')));
  }
  return remember(wholes, name, traditionalGivenName(name));
}
