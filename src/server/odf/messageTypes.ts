/**
 * The ODF message types Podium accepts: the DocumentTypes of the ODF General Messages Interface
 * Document's message list (Paris 2024, section 2, "Message Generation Responsibilities") and the
 * sport data dictionaries' "Applicable Messages" tables (e.g. Rio 2016 basketball and water polo).
 * Any other DT_ type is refused at ingest: nothing a feed invents is stored or served.
 */
export const ODF_MESSAGE_TYPES = [
  'DT_ACHIEVEMENT',
  'DT_ALERT',
  'DT_AUDIO',
  'DT_BCK',
  'DT_BCK_IMP',
  'DT_BIO_HOR',
  'DT_BIO_HOR_IMP',
  'DT_BIO_NOC',
  'DT_BIO_NOC_IMP',
  'DT_BIO_PAR',
  'DT_BIO_PAR_IMP',
  'DT_BIO_TEA',
  'DT_BIO_TEA_IMP',
  'DT_BRACKETS',
  'DT_CODES',
  'DT_COMMUNICATION',
  'DT_CONFIG',
  'DT_CUMULATIVE_RESULT',
  'DT_CURRENT',
  'DT_ESL',
  'DT_FED_RANKING',
  'DT_FLAGBEARERS',
  'DT_GLOBAL_GM',
  'DT_GLOBAL_GN',
  'DT_IMAGE',
  'DT_KA',
  'DT_LOCAL_OFF',
  'DT_LOCAL_ON',
  'DT_MEDALLISTS',
  'DT_MEDALLISTS_DAY',
  'DT_MEDALLISTS_DISCIPLINE',
  'DT_MEDALS',
  'DT_NEWS',
  'DT_NEWS_IMP',
  'DT_NOTIFICATION',
  'DT_PARTIC',
  'DT_PARTIC_HORSES',
  'DT_PARTIC_HORSES_UPDATE',
  'DT_PARTIC_NAME',
  'DT_PARTIC_TEAMS',
  'DT_PARTIC_TEAMS_UPDATE',
  'DT_PARTIC_UPDATE',
  'DT_PDF',
  'DT_PHASE_RESULT',
  'DT_PIC',
  'DT_PLAY_BY_PLAY',
  'DT_POOL_STANDING',
  'DT_RANKING',
  'DT_RECORD',
  'DT_RESULT',
  'DT_SCHEDULE',
  'DT_SCHEDULE_UPDATE',
  'DT_STATS',
  'DT_WEATHER',
] as const;

export type OdfMessageType = (typeof ODF_MESSAGE_TYPES)[number];

const KNOWN: ReadonlySet<string> = new Set(ODF_MESSAGE_TYPES);
export const isOdfMessageType = (type: string): type is OdfMessageType => KNOWN.has(type);
