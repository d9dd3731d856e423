import { describe, expect, it } from 'vitest';
import { costByKind, pageKind } from '../../src/server/export/pageKinds';
import { pageFile } from '../../src/server/export/pageFiles';

const UNIT = 'ARCMINDIVIDUAL--------BRNZ000100--';

describe("the export's pages by kind", () => {
  it('names a page by its section and a unit page by its tab', () => {
    expect(pageKind(pageFile('/', 'zh_CN'))).toBe('home');
    expect(pageKind(pageFile('/schedule/total', 'zh_CN'))).toBe('schedule');
    expect(pageKind(pageFile('/competitor/1060004', 'en_US'))).toBe('competitor');
    expect(pageKind(pageFile('/competitor?page=3', 'en_US'))).toBe('competitor');
    expect(pageKind(pageFile('/discipline/SWM/schedule', 'zh_HK'))).toBe('discipline');
    expect(pageKind(pageFile(`/${UNIT}`, 'zh_CN'))).toBe('unit overview');
    expect(pageKind(pageFile(`/${UNIT}?tab=result`, 'zh_CN'))).toBe('unit result');
    expect(pageKind(pageFile(`/${UNIT}?tab=report`, 'zh_CN'))).toBe('unit report');
    expect(pageKind(pageFile('/report?page=2', 'zh_CN'))).toBe('report');
    expect(pageKind('pages/en_US/404.html')).toBe('not found');
    expect(pageKind('api/crs/odf/json/DT_RESULT/X')).toBe('other');
    expect(pageKind('pages/zh_CN/schedule/total/index.html.gz')).toBe('other');
  });

  it('counts them with their bytes, the costliest first', () => {
    const files = [
      pageFile(`/${UNIT}?tab=result`, 'zh_CN'),
      pageFile('/competitor/1', 'zh_CN'),
      pageFile('/competitor/2', 'zh_CN'),
      pageFile(`/${UNIT}?tab=result`, 'en_US'),
      pageFile('/competitor/1', 'en_US'),
      pageFile('/medal/ranking', 'en_US'),
    ];
    const bytes = new Map(files.map((file, i) => [file, file.includes(UNIT) ? 1000 + i : 10]));
    expect(costByKind(files, bytes)).toEqual([
      ['unit result', 2, 2003],
      ['competitor', 3, 30],
      ['medal', 1, 10],
    ]);
  });
});
