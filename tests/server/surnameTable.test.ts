/**
 * The surname table (src/server/odf/surnames/hongKong.json) stays what it says it is: Simplified
 * surnames, each a correction of OpenCC only where it says so and with a source, and a plain entry
 * only where OpenCC agrees (so an OpenCC update that changes a surname is noticed here).
 */
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { NAME_TABLE, type NameTableEntry } from '../../src/server/odf/personNames';
import { toTraditional } from '../../src/server/odf/traditional';

const toSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });
/** Surnames that Simplified Chinese writes unsimplified: 於 and 鬱 are surnames apart from 于 and 郁. */
const UNSIMPLIFIED_SURNAMES = new Set(['於', '鬱']);
/** The hundred commonest surnames of mainland China (People's Daily, 2006; source "top100"). */
const TOP_100 = [
  ...'李王张刘陈杨黄赵周吴徐孙朱马胡郭林何高梁郑罗宋谢唐韩曹许邓萧冯曾程蔡彭潘袁于董余苏叶吕魏蒋田杜丁沈姜',
  ...'范江傅钟卢汪戴崔任陆廖姚方金邱夏谭韦贾邹石熊孟秦阎薛侯雷白龙段郝孔邵史毛常万顾赖武康贺严尹钱施牛洪龚',
];
const COMPOUNDS = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '司徒', '令狐', '宇文'];

const sourceIds = new Set(NAME_TABLE.sources.map((source) => source.id));

function checkEntry(simplified: string, entry: NameTableEntry, needsSource: boolean): void {
  const openCC = toTraditional(simplified);
  if (typeof entry === 'string') {
    expect(entry, `${simplified}: a plain entry is OpenCC's own conversion`).toBe(openCC);
    return;
  }
  expect(entry.hk, `${simplified}: a correction differs from OpenCC`).not.toBe(openCC);
  expect(entry.openCC, `${simplified}: records what OpenCC gives`).toBe(openCC);
  expect(entry.note.length, `${simplified}: says why`).toBeGreaterThan(10);
  if (!needsSource) return;
  expect(entry.source?.length, `${simplified}: names its sources`).toBeGreaterThan(0);
  for (const id of entry.source ?? []) expect(sourceIds, `${simplified}: source ${id}`).toContain(id);
}

describe('the surname table', () => {
  it('names its sources, each with an address', () => {
    expect(NAME_TABLE.sources.length).toBeGreaterThanOrEqual(5);
    expect(sourceIds.size).toBe(NAME_TABLE.sources.length);
    for (const source of NAME_TABLE.sources) {
      expect(source.title.length).toBeGreaterThan(10);
      expect(source.url).toMatch(/^https?:\/\/[^\s]+$/);
    }
  });

  it('covers the hundred commonest surnames and the common compound surnames', () => {
    expect(TOP_100).toHaveLength(100);
    for (const surname of [...TOP_100, ...COMPOUNDS]) expect(NAME_TABLE.surnames, surname).toHaveProperty(surname);
  });

  it('is keyed by Simplified surnames whose Traditional forms read back to them', () => {
    for (const [simplified, entry] of Object.entries(NAME_TABLE.surnames)) {
      const traditional = typeof entry === 'string' ? entry : entry.hk;
      if (UNSIMPLIFIED_SURNAMES.has(simplified)) {
        expect(traditional).toBe(simplified);
        continue;
      }
      expect(toSimplified(simplified), `${simplified} is Simplified`).toBe(simplified);
      expect(toSimplified(traditional), `${traditional} reads back to ${simplified}`).toBe(simplified);
    }
  });

  it('differs from OpenCC only where it says so, with a source', () => {
    for (const [simplified, entry] of Object.entries(NAME_TABLE.surnames)) checkEntry(simplified, entry, true);
    const corrected = Object.entries(NAME_TABLE.surnames)
      .filter(([, entry]) => typeof entry !== 'string')
      .map(([simplified]) => simplified);
    // The surnames the issue names, as Hong Kong writes them (余文樂, 范徐麗泰, 游蕙禎, 涂謹申).
    expect(corrected).toEqual(expect.arrayContaining(['余', '范', '于', '游', '岳', '郁', '涂', '干', '党', '后']));
  });

  it('keeps a few given-name characters, each a single character, and says why', () => {
    const given = Object.entries(NAME_TABLE.givenName);
    expect(given.length).toBeGreaterThan(0);
    // Conservative: a handful, not a dictionary.
    expect(given.length).toBeLessThanOrEqual(10);
    for (const [simplified, entry] of given) {
      expect([...simplified]).toHaveLength(1);
      expect(typeof entry).toBe('object');
      checkEntry(simplified, entry, false);
    }
  });
});
