/**
 * Issue 50, item 1: a person's name in Traditional characters as Hong Kong writes it. Each case is a
 * public figure whose Hong Kong spelling is widely published; most are names a word conversion gets
 * wrong (余 is not 餘, 范 not 範, 游 not 遊), the rest exercise the surname table (compound surnames,
 * 鍾 not 鐘, 沈 姜 谷 kept) or a given name read character by character.
 */
import { describe, expect, it } from 'vitest';
import { toTraditional, traditionalFullName, traditionalName } from '../../src/server/odf/traditional';
import { traditionalFamilyName, traditionalGivenName } from '../../src/server/odf/personNames';

/** [family, given] in Simplified, the Hong Kong spelling, and who it is (with where it is published). */
const PEOPLE: readonly [family: string, given: string, hongKong: string, who: string][] = [
  ['余', '文乐', '余文樂', 'Shawn Yue, actor'],
  [
    '范',
    '徐丽泰',
    '范徐麗泰',
    'Rita Fan, President of the Legislative Council 1998-2008 (family 范, 徐 of her married name)',
  ],
  ['游', '蕙祯', '游蕙禎', 'Yau Wai-ching, legislator-elect 2016 (Yahoo News HK, Ming Pao)'],
  ['涂', '谨申', '涂謹申', 'James To, legislator (Now News 2017)'],
  ['钟', '嘉欣', '鍾嘉欣', 'Linda Chung, actress (Oriental Daily 2010; Wikipedia, Zhong (surname))'],
  ['欧阳', '震华', '歐陽震華', 'Bobby Au-yeung, actor'],
  ['萧', '芳芳', '蕭芳芳', 'Josephine Siao, actress'],
  ['于', '品海', '于品海', 'Yu Pun-hoi, businessman, former owner of Ming Pao'],
  ['岳', '华', '岳華', 'Yueh Hua, Shaw Brothers and TVB actor (Wen Wei Po 2018)'],
  ['盖', '鸣晖', '蓋鳴暉', 'Joyce Koi, Cantonese opera performer (Ming Pao 2018)'],
  ['姜', '大卫', '姜大衞', 'David Chiang, actor (HK01 2025 writes 衞, the Hong Kong form of 衛)'],
  ['庄', '思敏', '莊思敏', 'TVB actress (Oriental Daily 2010)'],
  ['欧阳', '妙芝', '歐陽妙芝', 'actress (Ming Pao 2017)'],
  ['司徒', '华', '司徒華', 'Szeto Wah, legislator and democracy campaigner'],
  ['余', '若薇', '余若薇', 'Audrey Eu, legislator'],
  ['叶', '刘淑仪', '葉劉淑儀', 'Regina Ip, legislator (family 葉, 劉 of her maiden name)'],
  ['陈', '方安生', '陳方安生', 'Anson Chan, Chief Secretary 1993-2001'],
  ['沈', '殿霞', '沈殿霞', 'Lydia Shum, actress (沈, never 瀋)'],
  ['谷', '德昭', '谷德昭', 'Vincent Kok, film director (谷, never 穀)'],
  ['冯', '德伦', '馮德倫', 'Stephen Fung, actor and director'],
  ['周', '润发', '周潤發', 'Chow Yun-fat, actor'],
  ['钟', '镇涛', '鍾鎮濤', 'Kenny Bee, singer (Wikipedia, Zhong (surname): Chung Chun-to)'],
  ['钟', '楚红', '鍾楚紅', 'Cherie Chung, actress'],
  ['游', '乃海', '游乃海', 'Yau Nai-hoi, screenwriter and director'],
  ['范', '国威', '范國威', 'Gary Fan, legislator'],
  ['郑', '嘉颖', '鄭嘉穎', 'Kevin Cheng, actor'],
  ['佘', '诗曼', '佘詩曼', 'Charmaine Sheh, actress'],
  ['古', '天乐', '古天樂', 'Louis Koo, actor (Oriental Daily 2010)'],
  ['黄', '宗泽', '黃宗澤', 'Bosco Wong, actor (HK01 2025)'],
  ['谭', '俊彦', '譚俊彥', 'Shaun Tam, actor (HK01 2025)'],
  ['汪', '明荃', '汪明荃', 'Liza Wang, actress and singer'],
  ['朱', '红', '朱紅', 'a surname read as a word would be 硃 (朱红 is 硃紅 as one word)'],
];

describe('person names in Traditional characters as Hong Kong writes them', () => {
  it.each(PEOPLE)('%s%s is %s (%s)', (family, given, hongKong) => {
    expect(traditionalName(family, given).join('')).toBe(hongKong);
    expect(traditionalFullName(`${family}${given}`)).toBe(hongKong);
  });

  it('includes names a word conversion gets wrong', () => {
    const wrong = PEOPLE.filter(([family, given, hongKong]) => toTraditional(`${family}${given}`) !== hongKong);
    // 余勇 of the demo's own NAMES documents, 範徐麗泰, 遊蕙禎 and the like.
    expect(wrong.length).toBeGreaterThanOrEqual(6);
    expect(toTraditional('余勇')).toBe('餘勇');
    expect(traditionalName('余', '勇')).toEqual(['余', '勇']);
  });

  it('recognises a compound surname as a whole, and the longest surname first', () => {
    expect(traditionalFamilyName('欧阳')).toBe('歐陽');
    expect(traditionalFamilyName('段干')).toBe('段干');
    expect(traditionalFamilyName('澹台')).toBe('澹臺');
    expect(traditionalFullName('万俟卨')).toBe('万俟卨');
    expect(traditionalFullName('单于乐')).toBe('單于樂');
  });

  it('converts a family name the table does not list character by character, each as a surname where it can', () => {
    // A married woman's two surnames as the family name.
    expect(traditionalFamilyName('范徐')).toBe('范徐');
    expect(traditionalFamilyName('叶刘')).toBe('葉劉');
    expect(traditionalName('卫', '兰')).toEqual(['衞', '蘭']);
  });

  it('converts a given name character by character, keeping the characters names use', () => {
    expect(traditionalGivenName('后余')).toBe('后余');
    // Transliterations: 阿里 is Ali, not 阿裏.
    expect(traditionalGivenName('阿里')).toBe('阿里');
    expect(traditionalGivenName('北斗')).toBe('北斗');
    expect(traditionalGivenName('郁文')).toBe('郁文');
    expect(traditionalGivenName('云发')).toBe('雲發');
  });

  it('converts a whole name that starts with no listed surname as a given name', () => {
    expect(traditionalFullName('买买提·艾力')).toBe('買買提·艾力');
    expect(traditionalFullName('ZHANG Wei')).toBe('ZHANG Wei');
    expect(traditionalFullName('')).toBe('');
  });

  it('answers the same from its cache, without sharing the answer', () => {
    const first = traditionalName('余', '文乐');
    first[0] = 'changed';
    expect(traditionalName('余', '文乐')).toEqual(['余', '文樂']);
  });
});
