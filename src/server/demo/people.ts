import { Random } from './random';

/** Invented people: common family names and given-name syllables, in Hanzi with their pinyin. */
const FAMILY = [
  ['李', 'Li'],
  ['王', 'Wang'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['黄', 'Huang'],
  ['赵', 'Zhao'],
  ['吴', 'Wu'],
  ['周', 'Zhou'],
  ['徐', 'Xu'],
  ['孙', 'Sun'],
  ['马', 'Ma'],
  ['朱', 'Zhu'],
  ['胡', 'Hu'],
  ['郭', 'Guo'],
  ['何', 'He'],
  ['林', 'Lin'],
  ['罗', 'Luo'],
  ['高', 'Gao'],
  ['郑', 'Zheng'],
  ['梁', 'Liang'],
  ['谢', 'Xie'],
  ['宋', 'Song'],
  ['唐', 'Tang'],
  ['许', 'Xu'],
  ['韩', 'Han'],
  ['冯', 'Feng'],
  ['邓', 'Deng'],
  ['曹', 'Cao'],
  ['彭', 'Peng'],
  ['曾', 'Zeng'],
  ['萧', 'Xiao'],
  ['田', 'Tian'],
  ['董', 'Dong'],
  ['潘', 'Pan'],
  ['袁', 'Yuan'],
  ['蔡', 'Cai'],
  ['蒋', 'Jiang'],
  ['余', 'Yu'],
  ['欧阳', 'Ouyang'],
  ['司马', 'Sima'],
] as const;

const GIVEN = [
  ['伟', 'wei'],
  ['芳', 'fang'],
  ['娜', 'na'],
  ['敏', 'min'],
  ['静', 'jing'],
  ['丽', 'li'],
  ['强', 'qiang'],
  ['磊', 'lei'],
  ['洋', 'yang'],
  ['艳', 'yan'],
  ['勇', 'yong'],
  ['军', 'jun'],
  ['杰', 'jie'],
  ['娟', 'juan'],
  ['涛', 'tao'],
  ['明', 'ming'],
  ['超', 'chao'],
  ['秀', 'xiu'],
  ['霞', 'xia'],
  ['平', 'ping'],
  ['刚', 'gang'],
  ['桂', 'gui'],
  ['浩', 'hao'],
  ['宇', 'yu'],
  ['轩', 'xuan'],
  ['子', 'zi'],
  ['涵', 'han'],
  ['欣', 'xin'],
  ['怡', 'yi'],
  ['梓', 'zi'],
  ['嘉', 'jia'],
  ['俊', 'jun'],
  ['博', 'bo'],
  ['思', 'si'],
  ['雨', 'yu'],
  ['晨', 'chen'],
  ['泽', 'ze'],
  ['一', 'yi'],
  ['诗', 'shi'],
  ['佳', 'jia'],
  ['文', 'wen'],
  ['海', 'hai'],
  ['鹏', 'peng'],
  ['婷', 'ting'],
  ['琳', 'lin'],
  ['昊', 'hao'],
  ['天', 'tian'],
  ['翔', 'xiang'],
] as const;

export interface PersonName {
  familyChi: string;
  givenChi: string;
  family: string;
  given: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function inventName(random: Random): PersonName {
  const [familyChi, family] = random.pick(FAMILY);
  const parts = random.next() < 0.35 ? [random.pick(GIVEN)] : [random.pick(GIVEN), random.pick(GIVEN)];
  return {
    familyChi,
    // Mixed case, as the dictionaries write `FamilyName` (WNPA); the site sets it in capitals itself.
    family,
    givenChi: parts.map(([chi]) => chi).join(''),
    given: capitalise(parts.map(([, pinyin]) => pinyin).join('')),
  };
}

/**
 * The nth official (1-based) of a discipline: the same person in its DT_PARTIC and in the
 * `Officials` of its units, so an example's official becomes one of the sport's own rather than a
 * single person serving every sport. The code is unique across disciplines (the discipline's letters
 * in base 26, then the ordinal) and never clashes with an athlete's 7-digit code.
 */
export function officialOf(discipline: string, ordinal: number): { code: string; name: PersonName; gender: 'M' | 'F' } {
  const letters = [...discipline.slice(0, 3).toUpperCase()].reduce(
    (n, ch) => n * 26 + Math.max(0, ch.charCodeAt(0) - 65),
    0,
  );
  const random = new Random(letters * 101 + ordinal).fork('official');
  return {
    code: `9${String(letters).padStart(5, '0')}${String(ordinal).padStart(2, '0')}`,
    name: inventName(random),
    gender: random.next() < 0.5 ? 'M' : 'F',
  };
}
