import type { Service } from '../../src/server/service';

/**
 * A football unit's stored result message, as its next version, with the home side's score set:
 * what a feed sends when a goal is scored (the live and embed tests post it and look for the score).
 */
export function resultWithHomeScore(service: Service, unit: string, score: number): Buffer {
  const row = service.db
    .prepare(
      "SELECT body FROM messages WHERE type = 'DT_RESULT' AND code = ? AND outcome = 'stored' ORDER BY id DESC LIMIT 1",
    )
    .get(unit) as { body: Buffer };
  const version = service.store.get('DT_RESULT', unit)!.version + 1;
  const xml = row.body
    .toString('utf8')
    .replace(/(<OdfBody\b[^>]*?\bVersion=")\d+"/, `$1${version}"`)
    .replace(/(<Result Result=")\d+(" WLT="W" SortOrder="1")/, `$1${score}$2`)
    .replace(/(<Period Code="H2" HomeScore=")\d+"/, `$1${score}"`);
  return Buffer.from(xml);
}
