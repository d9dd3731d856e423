/**
 * Issue 27 item 2: the mirror's layout (src/server/export/pageFiles.ts) is one mapping from a URL to
 * a file, and deploy/nginx-static.conf builds the same file name from a request: the page
 * parameters in the same order, the same calendar names. A page's links are what the export crawls.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { medalTableCsvUrl, unitCsvUrl } from '../../src/core/csvLinks';
import { fileOf } from '../../src/server/export/exportSite';
import { linksOf } from '../../src/server/export/links';
import { exportedPageUrl, FILE_QUERY_PARAMETERS, pageFile, redirectPage } from '../../src/server/export/pageFiles';

const CONF = readFileSync(join(ROOT, 'deploy/nginx-static.conf'), 'utf8');
const url = (path: string) => new URL(path, 'http://site.invalid');

describe('the mirror layout', () => {
  it('names one file per page, language and page parameters, whatever junk or order the URL has', () => {
    expect(pageFile(exportedPageUrl(url('/schedule/total')), 'zh_CN')).toBe('pages/zh_CN/schedule/total/index.html');
    expect(pageFile(exportedPageUrl(url('/')), 'en_US')).toBe('pages/en_US/index.html');
    const unit = 'BKBMTEAM5-------------GPA-000100--';
    for (const asked of [
      `/${unit}?tab=result`,
      `/${unit}?utm=x&TAB=result&lang=zh_HK`,
      `/${unit}/?tab=result&tab=other`,
    ])
      expect(pageFile(exportedPageUrl(url(asked)), 'zh_HK'), asked).toBe(`pages/zh_HK/${unit}/index&tab=result.html`);
    expect(pageFile(exportedPageUrl(url('/schedule/daily?venue=DBC&date=2025-11-14')), 'en_US')).toBe(
      'pages/en_US/schedule/daily/index&date=2025-11-14&venue=DBC.html',
    );
  });

  it('is the file nginx-static.conf looks for: the same parameters in the same order', () => {
    const tryFiles = /try_files "\/pages\/\$podium_lang\$uri\/index([^"]*)\.html"/.exec(CONF)?.[1];
    expect(tryFiles).toBeDefined();
    const order = [...tryFiles!.matchAll(/\$podium_q_(\w+)/g)].map((m) => m[1]);
    expect(order).toEqual([...FILE_QUERY_PARAMETERS]);
    for (const name of FILE_QUERY_PARAMETERS)
      expect(CONF).toContain(`map $arg_${name} $podium_q_${name} { "" ""; default "&${name}=$arg_${name}"; }`);
    expect(fileOf('/calendar/venue/DBC.ics?lang=en_US')).toBe('calendar/venue/DBC.ics@lang=en_US');
    expect(CONF).toContain('try_files "$uri@lang=$podium_lang" =404;');
    // A CSV download: its language, then its order or tab, as its link writes them (core/csvLinks.ts).
    const unit = 'BKBMTEAM5-------------GPA-000100--';
    expect(fileOf(unitCsvUrl(unit, 'zh_HK', 'statistics'))).toBe(`api/csv/${unit}.csv@lang=zh_HK&tab=statistics`);
    expect(fileOf(medalTableCsvUrl('en_US', 'total'))).toBe('api/csv/medals.csv@lang=en_US&sort=total');
    expect(CONF).toContain('try_files "$uri@lang=$podium_csv_lang$podium_csv_variant" =404;');
  });

  it("crawls a page's links: pages canonical, reports, calendars and CSV files as files, nothing else of the API or a reader's own", () => {
    const html = [
      '<a href="/schedule/total">',
      '<a href="/BKBMTEAM5-------------GPA-000100--?tab=result&amp;utm=1">',
      '<a href="/reports/BKBMTEAM5-------------GPA-000100--/C73.pdf">',
      '<a href="/calendar/venue/DBC.ics?lang=en_US">',
      '<a href="/calendar/follow.ics?units=X">',
      '<a href="/api/csv/medals.csv?lang=en_US&amp;sort=total" download>',
      '<a href="/api/crs/odf/json/DT_RESULT/X">',
      '<a href="/assets/x.js">',
      '<a href="https://elsewhere.example/">',
      '<a href="/%E4%B8%AD">',
    ].join('');
    expect(linksOf(html)).toEqual({
      pages: ['/schedule/total', '/BKBMTEAM5-------------GPA-000100--?tab=result'],
      files: [
        '/reports/BKBMTEAM5-------------GPA-000100--/C73.pdf',
        '/calendar/venue/DBC.ics?lang=en_US',
        '/api/csv/medals.csv?lang=en_US&sort=total',
      ],
    });
  });

  it('turns a redirect into a page that sends the browser on, escaped', () => {
    expect(redirectPage('/schedule/total?a=1&b="x"')).toContain(
      'content="0; url=/schedule/total?a=1&amp;b=&quot;x&quot;"',
    );
  });
});
