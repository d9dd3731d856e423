/**
 * Teams in the page's language (issue 50 items 2 and 3). A team the entry lists do not name in the
 * reader's language is named by its delegation in the code tables when it is its delegation's team,
 * and a pair or crew without a name by its members, by the names rules: on the unit page (the
 * scoreboard and rows), the NAMES directory and the competitor page, in the three languages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { delegationTeamName, membersTeamName } from '../../src/core/teamNames';
import type { Service } from '../../src/server/service';
import { markupText } from '../support/markupText';
import { memoryService, serveOnLoopback } from './helpers';

const example = (sport: string, file: string) => readFileSync(join(ROOT, 'sports', sport, 'examples', file));
const GAME = 'BKBMTEAM5-------------GPA-000100--';
const DOUBLES = 'TTEXDOUBLES-----------SFNL000100--';
const PAIR = 'TTEXDOUBLES-GDG01';

/**
 * The table tennis doubles pair's players with their Chinese names, and the pair entered without a
 * name of its own (its `Name` is its code). Written from the DT_PARTIC of sports/TTE/examples (the
 * same attributes, LocalFamilyName/LocalGivenName as the BKB dictionary's 2.3.2 gives them) and the
 * BKB dictionary's 2.3.3 DT_PARTIC_TEAMS.
 */
const partic = `<?xml version="1.0" encoding="UTF-8"?>
<OdfBody CompetitionCode="NG2025" DocumentCode="TTE-------------------------------" DocumentType="DT_PARTIC" Version="1" FeedFlag="P" Date="2025-11-01" Time="120000000" LogicalDate="2025-11-01" Source="GAMTTE1">
  <Competition Gen="NG2025-GEN-1.0" Sport="NG2025-TTE-1.0" Codes="NG2025-1.0">
    <Participant Code="1300000" Parent="1300000" Status="ACTIVE" GivenName="Wei" FamilyName="Liu" LocalGivenName="伟" LocalFamilyName="刘" Gender="M" Organisation="GDG" BirthDate="2001-05-17" Current="true"><Discipline Code="TTE-------------------------------"><RegisteredEvent Event="TTEXDOUBLES-----------------------"/></Discipline></Participant>
    <Participant Code="1300001" Parent="1300001" Status="ACTIVE" GivenName="Qian" FamilyName="Chen" LocalGivenName="倩" LocalFamilyName="陈" Gender="F" Organisation="GDG" BirthDate="2001-05-17" Current="true"><Discipline Code="TTE-------------------------------"><RegisteredEvent Event="TTEXDOUBLES-----------------------"/></Discipline></Participant>
  </Competition>
</OdfBody>`;
const teams = `<?xml version="1.0" encoding="UTF-8"?>
<OdfBody CompetitionCode="NG2025" DocumentCode="TTE-------------------------------" DocumentType="DT_PARTIC_TEAMS" Version="1" FeedFlag="P" Date="2025-11-01" Time="120000000" LogicalDate="2025-11-01" Source="GAMTTE1">
  <Competition Gen="NG2025-GEN-1.0" Sport="NG2025-TTE-1.0" Codes="NG2025-1.0">
    <Team Code="${PAIR}" Organisation="GDG" Number="1" Name="${PAIR}" ShortName="${PAIR}" TVTeamName="GDG01" Gender="X" Current="true" TeamType="ORG">
      <Composition><Athlete Code="1300000" Order="1"/><Athlete Code="1300001" Order="2"/></Composition>
      <Discipline Code="TTE-------------------------------"><RegisteredEvent Event="TTEXDOUBLES-----------------------"/></Discipline>
    </Team>
  </Competition>
</OdfBody>`;

let service: Service;
let close: (() => Promise<void>) | undefined;
let base: string;
beforeAll(async () => {
  service = await memoryService();
  // The basketball game alone: no entry list names its teams.
  service.ingestor.ingest(example('BKB', 'DT_RESULT.match.xml'), 'bkb.xml');
  service.ingestor.ingest(Buffer.from(partic), 'partic.xml');
  service.ingestor.ingest(Buffer.from(teams), 'teams.xml');
  service.ingestor.ingest(example('TTE', 'DT_RESULT.doubles.xml'), 'tte.xml');
  ({ base, close } = await serveOnLoopback(service));
});
afterAll(() => close?.());

const page = async (path: string, lang: string): Promise<string> =>
  markupText(await (await fetch(`${base}${path}?lang=${lang}`)).text());

describe('the team-name rules', () => {
  it('name a delegation’s team by its delegation, with what its English name adds', () => {
    const guangdong = { ENG: 'Guangdong', CHI: '广东', CHT: '廣東' };
    expect(delegationTeamName('Guangdong', 'GDG', guangdong, 'CHI')).toBe('广东');
    expect(delegationTeamName('Guangdong 2', 'GDG', guangdong, 'CHT')).toBe('廣東 2');
    expect(delegationTeamName('GDG', 'GDG', guangdong, 'CHI')).toBe('广东');
    expect(delegationTeamName('', 'GDG', { ENG: 'Guangdong', CHI: '广东' }, 'CHT')).toBe('广东');
    expect(delegationTeamName('LIU / CHEN', 'GDG', guangdong, 'CHI')).toBeUndefined();
    expect(delegationTeamName('Guangdong', 'GDG', { ENG: 'Guangdong' }, 'CHI')).toBeUndefined();
  });

  it('name a pair by its members, every one named, at most four', () => {
    expect(
      membersTeamName([
        ['Liu', 'Wei'],
        ['Chen', 'Qian'],
      ]),
    ).toBe('LIU Wei / CHEN Qian');
    expect(
      membersTeamName([
        ['刘', '伟'],
        ['陈', '倩'],
      ]),
    ).toBe('刘伟 / 陈倩');
    expect(membersTeamName([['刘', '伟'], undefined])).toBeUndefined();
    expect(membersTeamName([])).toBeUndefined();
    expect(membersTeamName(Array.from({ length: 5 }, () => ['刘', '伟'] as const))).toBeUndefined();
  });
});

describe('a basketball game without DT_PARTIC_TEAMS', () => {
  it('names its teams by their delegations in the three languages', async () => {
    const [zhCN, zhHK, enUS] = await Promise.all(['zh_CN', 'zh_HK', 'en_US'].map((lang) => page(`/${GAME}`, lang)));
    expect(zhCN).toContain('广东');
    expect(zhCN).toContain('上海');
    expect(zhCN).not.toMatch(/Guangdong|Shanghai/);
    expect(zhHK).toContain('廣東');
    expect(zhHK).not.toMatch(/Guangdong|Shanghai/);
    expect(enUS).toContain('Guangdong');
    expect(enUS).toContain('Shanghai');
  });
});

describe('a doubles pair entered without a name', () => {
  it('is named by its two players on its page and in the names directory', async () => {
    const title = async (lang: string) => {
      const html = await (await fetch(`${base}/competitor/${PAIR}?lang=${lang}`)).text();
      return markupText(/<h1 id="competitor-name">([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
    };
    expect(await title('zh_CN')).toBe('刘伟 / 陈倩');
    expect(await title('zh_HK')).toBe('劉偉 / 陳倩');
    expect(await title('en_US')).toBe('LIU Wei / CHEN Qian');
    // The unit's rows name the pair by its players too, never by the result's English.
    const unit = await page(`/${DOUBLES}`, 'zh_CN');
    expect(unit).toContain('刘伟');
    expect(unit).not.toMatch(/Guangdong|LIU Wei/);
    const directory = service.store.get('NAMES', 'TTEXDOUBLES-----------------------');
    expect(JSON.parse(directory!.body).teams[PAIR]).toEqual({
      ENG: 'LIU Wei / CHEN Qian',
      CHI: '刘伟 / 陈倩',
      CHT: '劉偉 / 陳倩',
    });
  });
});
