import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySharedSections } from '../../src/core/sports/resolve';
import type { Layout } from '../../src/core/sports/types';
import sharedSections from '../../src/generated/sharedSections';
import SWM from '../../src/generated/sports/SWM';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from '../server/helpers';

// Issue 25: a result's officials (Competition/Officials/Official: Function and person) and a team's
// coaches (Competitor/Coaches/Coach) are drawn by the shared sections of sports/_shared/sections.json,
// not by a section written into every plugin.

const UNIT = 'SWMM100MFR------------FNL-000100--';
const result = `<OdfBody CompetitionCode="NG2025" DocumentCode="${UNIT}" DocumentType="DT_RESULT" Version="1" ResultStatus="OFFICIAL">
  <Competition>
    <ExtendedInfos><SportDescription DisciplineName="Swimming" EventName="Men's 100m Freestyle" Gender="M" SubEventName="Final"/></ExtendedInfos>
    <Officials>
      <Official Code="7100001" Function="REFEREE" Order="1"><Description GivenName="Jie" FamilyName="Jiang" Gender="M" Organisation="BEJ"/></Official>
      <Official Code="7100002" Function="J1" Order="2"><Description GivenName="Na" FamilyName="Qiu" Gender="W" Organisation="SHH"/></Official>
    </Officials>
    <Result Rank="1" ResultType="TIME" Result="47.22" SortOrder="1" StartOrder="4" StartSortOrder="4">
      <Competitor Code="1100231" Type="A" Organisation="ZHJ">
        <Composition><Athlete Code="1100231" Order="1"><Description GivenName="Zhanle" FamilyName="Pan" Gender="M" Organisation="ZHJ"/></Athlete></Composition>
      </Competitor>
    </Result>
  </Competition>
</OdfBody>`;

let service: Service;
let server: Server;
let base: string;
beforeAll(async () => {
  service = await memoryService();
  expect(service.ingestor.ingest(Buffer.from(result), 'test').outcome).toBe('stored');
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

const unitPage = async (lang: string) => (await fetch(`${base}/${UNIT}?lang=${lang}`)).text();

describe('the shared officials section', () => {
  it('is appended to a sport that declares none: swimming result shows its officials', () => {
    const own = SWM.layouts.tabs.result as Layout;
    expect(own.sections?.map((s) => s.id)).toContain('officials');
  });

  it('shows the officials on the unit page by name and labelled function, in the three languages', async () => {
    const cn = await unitPage('zh_CN');
    expect(cn).toContain('裁判员');
    expect(cn).toContain('JIANG Jie');
    expect(cn).toContain('主裁判');
    expect(cn).toContain('1号裁判');
    const hk = await unitPage('zh_HK');
    expect(hk).toContain('裁判員');
    expect(hk).toContain('JIANG Jie');
    expect(hk).toContain('1號裁判');
    const en = await unitPage('en_US');
    expect(en).toContain('Officials');
    expect(en).toContain('JIANG Jie');
    expect(en).toContain('Referee');
    expect(en).toContain('Judge 1');
    for (const html of [cn, hk, en]) {
      expect(html).toContain('QIU Na');
      expect(html).not.toContain('>REFEREE<');
    }
  });

  it('leaves a layout that declares a section or detail of the same id with its own', () => {
    const own: Layout = {
      widget: 'table',
      document: 'DT_RESULT',
      rows: 'Competition.Result',
      columns: [{ id: 'rank', label: 'rank', path: 'Rank', cell: 'rank' }],
      sections: [
        {
          id: 'officials',
          label: 'rank',
          rows: 'Competition.Officials.Official',
          columns: [{ id: 'f', label: 'rank', path: 'Function', cell: 'text' }],
        },
      ],
    };
    const applied = applySharedSections(own, sharedSections);
    expect(applied.sections).toEqual(own.sections);
    expect(applied.details?.map((d) => d.id)).toEqual(['coaches']);
    expect(applySharedSections({ ...own, document: 'DT_PHASE_RESULT' }, sharedSections)).toEqual({
      ...own,
      document: 'DT_PHASE_RESULT',
    });
  });
});
