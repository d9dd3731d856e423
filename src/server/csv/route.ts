/**
 * The CSV downloads as a route of the service's table (src/server/api/routes.ts): one matcher for
 * every `/api/csv/<name>.csv` (core/csvLinks.ts, so a name that is no unit code is this route's 400,
 * not the API's 404), described as its two paths: the medal table and a unit's table.
 */
import { CSV_PATH } from '../../core/csvLinks';
import { LOCALE_IDS } from '../../core/sports/vocabulary';
import { errorAnswer, notModified, PUBLIC_ANSWER_HEADERS } from '../api/answers';
import type { Answers, Parameter, RouteSpec } from '../api/types';
import { documentCacheControl } from '../http/headers';

const lang: Parameter = {
  name: 'lang',
  in: 'query',
  description:
    "The language of the page the file copies: its headings, names and words (else zh_CN; never the reader's cookie).",
  schema: { enum: LOCALE_IDS },
  example: 'en_US',
};

const CSV_ANSWERS: Answers = {
  200: {
    description:
      "The page's table as RFC 4180 CSV: UTF-8 with a byte order mark, CRLF records, the page's headings first, its rows and cells as text. `Content-Disposition: attachment` names the file in ASCII (`filename`) and in the language asked (`filename*`).",
    body: { media: 'text/csv', schema: { type: 'string' } },
    headers: ['ETag', 'Cache-Control', 'Vary', ...PUBLIC_ANSWER_HEADERS],
  },
  304: notModified,
  500: errorAnswer("The sport's plugin, or the table's document, could not be read."),
};

export const CSV_ROUTES = {
  csv: {
    methods: ['GET', 'HEAD'],
    path: '/api/csv/{name}.csv',
    match: CSV_PATH,
    audience: 'public',
    tag: 'downloads',
    summary: { zh_CN: '表格下载（CSV）', zh_HK: '表格下載（CSV）', en_US: 'Tables as CSV downloads' },
    description:
      "The medal table, or a unit's table, as the site's page shows it, as a CSV file for spreadsheets. The pages link to theirs.",
    // As the table's documents.
    caching: documentCacheControl(null),
    cachingOfficial: documentCacheControl('OFFICIAL'),
    parameters: [],
    answers: CSV_ANSWERS,
    variants: [
      {
        key: 'medals',
        path: '/api/csv/medals.csv',
        summary: 'The medal table as CSV',
        localised: { zh_CN: '奖牌榜（CSV）', zh_HK: '獎牌榜（CSV）', en_US: 'The medal table as CSV' },
        description:
          'The medal table (`/medal/ranking`): rank, delegation, gold, silver, bronze, total, and the totals last.',
        parameters: [
          lang,
          {
            name: 'sort',
            in: 'query',
            description: "The page's order: by gold (the official order, the default) or by total.",
            schema: { enum: ['gold', 'total'] },
            example: 'total',
          },
        ],
        answers: CSV_ANSWERS,
      },
      {
        key: 'unit',
        path: '/api/csv/{unit}.csv',
        summary: "A unit's table as CSV",
        localised: { zh_CN: '比赛单元的表格（CSV）', zh_HK: '比賽單元的表格（CSV）', en_US: "A unit's table as CSV" },
        description:
          "A unit page's table (`/{unit}?tab=`): the columns its sport shows, each row as the page draws it (a group's heading above its rows, a team's totals row, irregular results where the page puts them). A row's folded details are not rows of the file.",
        parameters: [
          {
            name: 'unit',
            in: 'path',
            required: true,
            description: "The unit's RSC (34 characters, padded with `-`), as in its page's address.",
            schema: { type: 'string', pattern: '^[A-Z0-9]{3}[A-Z0-9-]{31}$' },
          },
          lang,
          {
            name: 'tab',
            in: 'query',
            description:
              "The page's tab (`result`, `startlist`, `statistics` ...): the one the page opens on when absent.",
            schema: { type: 'string', pattern: '^[A-Za-z0-9]{1,32}$' },
            example: 'result',
          },
        ],
        answers: {
          ...CSV_ANSWERS,
          400: errorAnswer('A name that is neither `medals` nor a unit code.'),
          404: errorAnswer('No such unit, a tab that shows no table, or a table whose document has not come yet.'),
        },
      },
    ],
  },
} as const satisfies Readonly<Record<string, RouteSpec>>;
