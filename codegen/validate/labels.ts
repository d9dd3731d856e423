import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import { pointer, type ProblemList } from '../problems';

type LabelSets = Record<(typeof LOCALE_IDS)[number], Record<string, string>>;

/** Every label key must be present in all three locales; reports the locale that lacks it. */
export function checkLabelKeysAgree(labels: LabelSets, at: string, problems: ProblemList): void {
  const all = new Set<string>();
  for (const locale of LOCALE_IDS) for (const key of Object.keys(labels[locale])) all.add(key);
  for (const locale of LOCALE_IDS) {
    for (const key of all) {
      if (!Object.hasOwn(labels[locale], key)) {
        const having = LOCALE_IDS.filter((l) => Object.hasOwn(labels[l], key)).join(' and ');
        problems.add(
          `${at}${pointer(locale)}`,
          `label ${JSON.stringify(key)} is missing in ${locale} (${having} has it)`,
        );
      }
    }
  }
}
