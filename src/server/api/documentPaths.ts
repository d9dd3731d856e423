/**
 * The document route described per type: one path for each derived type, with its code's pattern
 * and its body's schema, and one for the stored ODF documents (`DT_*`). The types, patterns and
 * schemas are the service's own (DERIVED_TYPES, documentSchemas): only the sentences are written here.
 */
import type { ApiDocumentType } from '../../../schemas/api';
import { DERIVED_TYPES } from '../derive';
import { documentCacheControl } from '../http/headers';
import { ODF_CODE } from '../http/documents';
import { DOCUMENT_TYPE_PATTERN } from '../odf/envelope';
import { errorAnswer, notModified, PUBLIC_ANSWER_HEADERS } from './answers';
import type { ComponentName } from './schemas';
import type { Answers, Described, Localised, Parameter } from './types';

/**
 * What each derived type holds, in the site's three languages (a developers' page lists them), and a
 * code that answers on the demo games (none names a sport).
 */
const DERIVED: Readonly<Record<ApiDocumentType, { readonly summary: Localised; readonly example?: string }>> = {
  SCHEDULE: {
    summary: {
      zh_CN: '赛程索引：日期、分项和场馆，含比赛单元数和奖牌数',
      zh_HK: '賽程索引：日期、分項和場館，含比賽單元數和獎牌數',
      en_US: "The schedule's index: days, disciplines and venues with unit and medal counts",
    },
    example: 'ALL',
  },
  SCHEDULE_DAY: {
    summary: {
      zh_CN: '某日的比赛单元，按赛程顺序（或未定日期的单元）',
      zh_HK: '某日的比賽單元，按賽程順序（或未定日期的單元）',
      en_US: "A day's units in schedule order (or the units without a date)",
    },
    example: '2025-11-12',
  },
  SCHEDULE_DISCIPLINE: {
    summary: {
      zh_CN: '某分项的比赛单元，按赛程顺序（分项 RSC，以 `-` 补足）',
      zh_HK: '某分項的比賽單元，按賽程順序（分項 RSC，以 `-` 補足）',
      en_US: "A discipline's units in schedule order (its RSC, padded with `-`)",
    },
  },
  SCHEDULE_DELEGATION: {
    summary: {
      zh_CN: '某代表团的运动员和队伍参加的比赛单元',
      zh_HK: '某代表團的運動員和隊伍參加的比賽單元',
      en_US: "The units a delegation's athletes and teams compete in",
    },
    example: 'GDG',
  },
  SCHEDULE_GRID: {
    summary: {
      zh_CN: '按日期排列的各分项：赛程总表所示',
      zh_HK: '按日期排列的各分項：賽程總表所示',
      en_US: 'Disciplines by day: what the schedule grid shows',
    },
    example: 'ALL',
  },
  SCHEDULE_NON: {
    summary: {
      zh_CN: '仪式等非比赛活动',
      zh_HK: '儀式等非比賽活動',
      en_US: 'Ceremonies and other entries that are not competitions',
    },
    example: 'ALL',
  },
  FINALS: {
    summary: {
      zh_CN: '某日的奖牌赛及其奖牌获得者',
      zh_HK: '某日的獎牌賽及其獎牌得主',
      en_US: "A day's medal units with their medallists",
    },
    example: '2025-11-12',
  },
  MEDALLISTS: {
    summary: { zh_CN: '全部奖牌获得者', zh_HK: '全部獎牌得主', en_US: 'Every medallist' },
    example: 'ALL',
  },
  MEDAL_TALLY: {
    summary: {
      zh_CN: '奖牌榜：金、银、铜牌数及排名（含导入的修正）',
      zh_HK: '獎牌榜：金、銀、銅牌數及排名（含匯入的修正）',
      en_US: 'The medal table: gold, silver, bronze, ranked (imported corrections included)',
    },
    example: 'ALL',
  },
  RECORDS: {
    summary: {
      zh_CN: '破纪录情况（来自成绩中的纪录标记）',
      zh_HK: '破紀錄情況（來自成績中的紀錄標記）',
      en_US: "Records broken, from the results' record indicators",
    },
    example: 'ALL',
  },
  PARTICIPANTS: {
    summary: {
      zh_CN: '某代表团或分项的运动员和队伍',
      zh_HK: '某代表團或分項的運動員和隊伍',
      en_US: "A delegation's or a discipline's athletes and teams",
    },
    example: 'GDG',
  },
  ENTRIES: {
    summary: {
      zh_CN: '某代表团或分项的报名，按小项',
      zh_HK: '某代表團或分項的報名，按小項',
      en_US: "A delegation's or a discipline's entries by event",
    },
    example: 'GDG',
  },
  DELEGATION: {
    summary: {
      zh_CN: '代表团概况（`ALL`：全部代表团）',
      zh_HK: '代表團概況（`ALL`：全部代表團）',
      en_US: "A delegation's profile (`ALL`: every delegation)",
    },
    example: 'GDG',
  },
  REPORT_LIST: {
    summary: {
      zh_CN: '整届运动会（`ALL`）、某分项或某比赛单元的 PDF 报告',
      zh_HK: '整屆運動會（`ALL`）、某分項或某比賽單元的 PDF 報告',
      en_US: "PDF reports of the games (`ALL`), a discipline's or a unit's",
    },
    example: 'ALL',
  },
  REPORT_COUNTS: {
    summary: {
      zh_CN: '各分项各类 PDF 报告的数量（整届运动会的报告列表按此分页）',
      zh_HK: '各分項各類 PDF 報告的數量（整屆運動會的報告列表按此分頁）',
      en_US: "How many PDF reports of each type each discipline has (the games' report list is paged by it)",
    },
    example: 'ALL',
  },
  COMMON_CODE: {
    summary: {
      zh_CN: '代码表（同 `/api/crs/commonCode/{table}`）',
      zh_HK: '代碼表（同 `/api/crs/commonCode/{table}`）',
      en_US: 'A code table (as `/api/crs/commonCode/{table}`)',
    },
    example: 'discipline',
  },
  COMPETITORS: {
    summary: {
      zh_CN: '全部个人或全部队伍，每个一行',
      zh_HK: '全部個人或全部隊伍，每個一行',
      en_US: 'Every individual or every team, one line each',
    },
    example: 'INDIVIDUALS',
  },
  COMPETITOR_PROFILES: {
    summary: {
      zh_CN: '参赛者资料，按编码分组（`000` 至 `FFF`）',
      zh_HK: '參賽者資料，按編碼分組（`000` 至 `FFF`）',
      en_US: "Competitors' profiles, by bucket of their code (`000` to `FFF`)",
    },
    example: '000',
  },
  COMPETITOR_RESULTS: {
    summary: {
      zh_CN: '参赛者的成绩和奖牌，按编码分组',
      zh_HK: '參賽者的成績和獎牌，按編碼分組',
      en_US: "Competitors' results and medals, by bucket of their code",
    },
    example: '000',
  },
  NAMES: {
    summary: {
      zh_CN: '页面按编码接到各行的姓名和队名（小项或分项 RSC）',
      zh_HK: '頁面按編碼接到各行的姓名和隊名（小項或分項 RSC）',
      en_US: 'The names a page joins to its rows by code (an event or discipline RSC)',
    },
  },
};

const DOCUMENT_ANSWERS = (body: ComponentName): Answers => ({
  200: {
    description: 'The document (gzip when accepted), with its validators.',
    body: { media: 'application/json', schema: body },
    headers: ['ETag', 'Last-Modified', 'Cache-Control', 'Vary', ...PUBLIC_ANSWER_HEADERS],
  },
  304: notModified,
  400: errorAnswer('The type or the code is malformed (checked by pattern before any look-up).'),
  404: errorAnswer('No such document.'),
  503: errorAnswer('Stored but damaged, and not rebuilt yet: ask again later.', ['Retry-After']),
});

/** A document's Cache-Control: short while its result may change, longer once it is OFFICIAL. */
export const DOCUMENT_CACHING = {
  caching: documentCacheControl(null),
  cachingOfficial: documentCacheControl('OFFICIAL'),
} as const;

const codeParameter = (pattern: RegExp, description: string, example?: string): Parameter => ({
  name: 'code',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: pattern.source },
  ...(example === undefined ? {} : { example }),
});

/** One path per derived type, then the stored ODF documents'. */
export function documentPaths(): Described[] {
  const derived = [...DERIVED_TYPES].map(([type, pattern]): Described => {
    const what = DERIVED[type as ApiDocumentType];
    return {
      key: type,
      path: `/api/crs/odf/json/${type}/{code}`,
      summary: what.summary.en_US,
      localised: what.summary,
      description: `The derived document ${type}/{code}, rebuilt in the transaction of the message that changes its inputs.`,
      parameters: [codeParameter(pattern, `What the ${type} document is of.`, what.example)],
      answers: DOCUMENT_ANSWERS(type as ApiDocumentType),
    };
  });
  const stored: Described = {
    key: 'ODF',
    path: '/api/crs/odf/json/{type}/{code}',
    summary: 'A stored ODF document (DT_RESULT, DT_SCHEDULE ...), as JSON',
    localised: {
      zh_CN: '存储的 ODF 文档（DT_RESULT、DT_SCHEDULE 等），JSON 格式',
      zh_HK: '儲存的 ODF 文件（DT_RESULT、DT_SCHEDULE 等），JSON 格式',
      en_US: 'A stored ODF document (DT_RESULT, DT_SCHEDULE ...), as JSON',
    },
    description:
      'A document as the feed sent it, in the JSON that keeps ODF\'s names (schema OdfDocument): attributes as strings, child elements always as arrays, values never converted. `Language="CHI"` texts gain a `Language="CHT"` twin. What a document holds is its message type\'s, as the ODF data dictionaries define it.',
    parameters: [
      {
        name: 'type',
        in: 'path',
        required: true,
        description: 'The ODF message type.',
        schema: { type: 'string', pattern: DOCUMENT_TYPE_PATTERN.source },
        example: 'DT_RESULT',
      },
      codeParameter(
        ODF_CODE,
        'The RSC of the level the type is addressed at (34 characters, right-padded with `-`: a discipline is its three letters and 31 hyphens), or `ALL`.',
      ),
    ],
    answers: DOCUMENT_ANSWERS('OdfDocument'),
  };
  return [...derived, stored];
}
