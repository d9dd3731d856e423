import { pinyin } from 'pinyin-pro';
import type { DirectoryPerson, PersonNames } from '../../../schemas/api';

/**
 * The pinyin of a person's Chinese names, as a reader types them to find the person: lower case,
 * no tones, syllables spaced (`["ou yang", "xia dan"]`). The family name is read as a surname
 * (单 shan, 曾 zeng, 区 ou), which a word reading gets wrong. Made once on the server, where the
 * dictionary already is, and carried by the names directory: a page filters by it without one.
 */
export function namePinyin(names: PersonNames): [family: string, given: string] | undefined {
  const chinese = names.CHI;
  if (!chinese || !/[\u3400-\u9fff]/.test(`${chinese[0]}${chinese[1]}`)) return undefined;
  const read = (text: string, surname: 'all' | 'off') =>
    pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed', surname, v: true }).join(' ').toLowerCase();
  return [read(chinese[0], 'all'), read(chinese[1], 'off')];
}

/** A directory's entry for a person: the names, and their pinyin when they are Chinese. */
export function directoryPerson(names: PersonNames): DirectoryPerson {
  const reading = namePinyin(names);
  return reading ? { ...names, PY: reading } : names;
}
