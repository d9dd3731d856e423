import { defineCell } from '../definition';
import { EMPTY, scalars } from '../values';

/** The spellings of a medal in ODF messages (`ME_GOLD` in DT_MEDALLISTS, `GOLD`, `G`, a rank). */
const MEDALS: Readonly<Record<string, string>> = {
  ME_GOLD: 'gold',
  GOLD: 'gold',
  G: 'gold',
  '1': 'gold',
  ME_SILVER: 'silver',
  SILVER: 'silver',
  S: 'silver',
  '2': 'silver',
  ME_BRONZE: 'bronze',
  BRONZE: 'bronze',
  B: 'bronze',
  '3': 'bronze',
};

/** A medal as its colour (`gold`, `silver`, `bronze`); anything else is no medal. */
export default defineCell({
  sort: 'text',
  priority: 'essential',
  project: (values) => {
    const value = scalars(values)[0];
    return (value ? MEDALS[value.toUpperCase()] : undefined) ?? EMPTY;
  },
});
