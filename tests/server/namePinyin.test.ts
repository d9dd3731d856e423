import { describe, expect, it } from 'vitest';
import { directoryPerson, namePinyin } from '../../src/server/derive/namePinyin';

describe('the pinyin a names directory carries', () => {
  it('reads the family name as a surname, not as a word', () => {
    expect(namePinyin({ CHI: ['单', '霁翔'] })).toEqual(['shan', 'ji xiang']);
    expect(namePinyin({ CHI: ['曾', '志伟'] })).toEqual(['zeng', 'zhi wei']);
    expect(namePinyin({ CHI: ['欧阳', '夏丹'] })).toEqual(['ou yang', 'xia dan']);
  });

  it('writes ü as v, as a phone keyboard types it', () => {
    expect(namePinyin({ CHI: ['吕', '小军'] })).toEqual(['lv', 'xiao jun']);
  });

  it('gives nothing for a person without a Chinese name', () => {
    expect(namePinyin({ ENG: ['SMITH', 'John'] })).toBeUndefined();
    expect(directoryPerson({ ENG: ['SMITH', 'John'] })).toEqual({ ENG: ['SMITH', 'John'] });
  });

  it('keeps the names as they are beside the pinyin', () => {
    expect(directoryPerson({ ENG: ['CAI', 'Zebo'], CHI: ['蔡', '泽波'] })).toEqual({
      ENG: ['CAI', 'Zebo'],
      CHI: ['蔡', '泽波'],
      PY: ['cai', 'ze bo'],
    });
  });
});
