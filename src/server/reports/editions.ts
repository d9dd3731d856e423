/**
 * What the service prints in a report's edition (the editions themselves: core/reportEditions.ts,
 * shared with the site's links): the Chinese of the data in the edition's script.
 */
import type { ReportEdition } from '../../core/reportEditions';
import type { LocalText } from '../derive/odfRead';
import { toTraditional } from '../odf/traditional';

export { OTHER_EDITIONS, STANDARD_EDITION, type ReportEdition } from '../../core/reportEditions';

/** What an edition prints in Chinese where the report has words of its own (its data's are the text key's). */
interface EditionShape {
  /** The LocalText variant its data's Chinese is read from. */
  readonly text: 'CHI' | 'CHT';
  /** The face of Debian's Noto Sans CJK collection it is set in: the glyph forms its readers learnt. */
  readonly face: string;
  readonly games: string;
  /** A result book's own words. */
  readonly book: {
    readonly official: (units: number, events: number) => string;
    readonly updated: string;
    readonly contents: string;
    readonly none: string;
  };
}

/** Each edition's printing (core/reportEditions.ts names the editions and their addresses). */
export const REPORT_EDITIONS = {
  zh_CN: {
    text: 'CHI',
    face: 'NotoSansCJKsc-Regular',
    games: '中华人民共和国第十五届运动会',
    book: {
      official: (units: number, events: number) => `正式成绩 ${units} 个单元 · ${events} 个小项`,
      updated: '更新',
      contents: '目录',
      none: '暂无正式成绩',
    },
  },
  zh_HK: {
    text: 'CHT',
    face: 'NotoSansCJKhk-Regular',
    games: '中華人民共和國第十五屆運動會',
    book: {
      official: (units: number, events: number) => `正式成績 ${units} 個單元 · ${events} 個小項`,
      updated: '更新',
      contents: '目錄',
      none: '暫無正式成績',
    },
  },
} as const satisfies Record<ReportEdition, EditionShape>;
export type Edition = (typeof REPORT_EDITIONS)[ReportEdition];

/** The English title, the same in every edition. */
export const GAMES_ENG = 'The 15th National Games of the People’s Republic of China';

/**
 * A data text's Chinese in the edition: its own variant where the service derived one (a name as
 * Hong Kong writes it), else the Simplified converted by OpenCC for a Traditional edition. Never
 * Simplified in a Traditional edition, nor the other way round.
 */
export function chineseIn(text: LocalText | undefined, edition: Edition): string | undefined {
  const own = text?.[edition.text];
  if (own || edition.text === 'CHI') return own;
  return text?.CHI ? toTraditional(text.CHI) : undefined;
}
