/**
 * A feed written the ODF way, from the sports' examples: results name people in English only
 * (`Description @GivenName @FamilyName`, no Chinese anywhere), and a DT_PARTIC per discipline gives
 * every athlete and official a name in the games' language in `LocalFamilyName`/`LocalGivenName`
 * (the ODF schema's place for it), a DT_PARTIC_TEAMS every team. The Chinese names are made up here,
 * so the pages can only show them by joining rows to the entry lists by code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { ROOT } from '../../codegen/paths';
import { eventOf } from '../../src/core/rsc';

export interface FeedPerson {
  code: string;
  family: string;
  given: string;
  /** Local (Chinese) family and given names. */
  localFamily: string;
  localGiven: string;
  discipline: string;
  events: Set<string>;
  organisation: string;
  gender: string;
}

export interface FeedTeam {
  code: string;
  name: string;
  organisation: string;
  discipline: string;
  events: Set<string>;
  members: string[];
}

/** Characters whose Traditional form differs, so zh_HK is seen to convert. */
const FAMILIES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '郑', '罗'];
const GIVEN = ['伟', '国', '丽', '华', '军', '龙', '东', '云', '飞', '凤', '鸿', '涛', '宁', '艳', '红', '阳'];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
});
type Node = Record<string, unknown>;
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);
const attr = (node: Node, name: string) => (typeof node[name] === 'string' ? (node[name] as string) : undefined);

export interface ExampleMessage {
  sport: string;
  file: string;
  xml: string;
  type: string;
  code: string;
}

/** The examples of the given sports, except their own entry lists (the feed's replace them). */
export function exampleMessages(sports: readonly string[]): ExampleMessage[] {
  return sports.flatMap((sport) => {
    const dir = join(ROOT, 'sports', sport, 'examples');
    return readdirSync(dir)
      .filter((file) => file.endsWith('.xml') && !file.startsWith('DT_PARTIC'))
      .sort()
      .map((file) => {
        // The examples reuse people's codes from sport to sport; a games' codes are unique.
        const prefix = String(sports.indexOf(sport) + 10);
        const xml = readFileSync(join(dir, file), 'utf8').replace(
          /(\s(?:Code|Parent)=")(\d{5,9})"/g,
          (_all, start: string, digits: string) => `${start}${prefix}${digits}"`,
        );
        const body = nodes(parser.parse(xml).OdfBody)[0] ?? {};
        return { sport, file, xml, type: attr(body, 'DocumentType') ?? '', code: attr(body, 'DocumentCode') ?? '' };
      });
  });
}

/** Every person and team the messages name, with made-up Chinese names for the people. */
export function namedInFeed(messages: readonly ExampleMessage[]): { people: FeedPerson[]; teams: FeedTeam[] } {
  const people = new Map<string, FeedPerson>();
  const teams = new Map<string, FeedTeam>();
  const visit = (node: Node, name: string, message: ExampleMessage, team?: FeedTeam) => {
    const code = attr(node, 'Code');
    const description = nodes(node.Description)[0];
    const event = eventOf(message.code);
    const discipline = message.sport;
    if (code && name === 'Competitor' && attr(node, 'Type') === 'T' && description && attr(description, 'TeamName')) {
      const known = teams.get(code) ?? {
        code,
        name: attr(description, 'TeamName')!,
        organisation: attr(node, 'Organisation') ?? attr(description, 'Organisation') ?? 'GDG',
        discipline,
        events: new Set<string>(),
        members: [],
      };
      if (!/^-+$/.test(event.slice(3))) known.events.add(event);
      teams.set(code, known);
      team = known;
    }
    const family = description ? attr(description, 'FamilyName') : undefined;
    if (code && family && ['Athlete', 'Competitor', 'Official', 'Coach'].includes(name)) {
      let person = people.get(code);
      if (!person) {
        const i = people.size;
        person = {
          code,
          family,
          given: attr(description!, 'GivenName') ?? '',
          localFamily: FAMILIES[i % FAMILIES.length]!,
          localGiven: `${GIVEN[Math.floor(i / FAMILIES.length) % GIVEN.length]!}${GIVEN[(i * 7 + 3) % GIVEN.length]!}`,
          discipline,
          events: new Set(),
          organisation: attr(description!, 'Organisation') ?? attr(node, 'Organisation') ?? 'GDG',
          gender: attr(description!, 'Gender') === 'F' || attr(description!, 'Gender') === 'W' ? 'F' : 'M',
        };
        people.set(code, person);
      }
      if (name !== 'Official' && !/^-+$/.test(event.slice(3))) person.events.add(event);
      if (team && name === 'Athlete' && !team.members.includes(code)) team.members.push(code);
    }
    for (const [key, value] of Object.entries(node)) for (const child of nodes(value)) visit(child, key, message, team);
  };
  for (const message of messages)
    for (const body of nodes(parser.parse(message.xml).OdfBody)) visit(body, 'OdfBody', message);
  return { people: [...people.values()], teams: [...teams.values()] };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const envelope = (type: string, code: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<OdfBody CompetitionCode="NG2025" DocumentCode="${code}" DocumentType="${type}" Version="1" FeedFlag="P" Date="2025-11-01" Time="090000000" LogicalDate="2025-11-01" Source="TEST"><Competition Gen="NG2025-GEN-1.0" Sport="NG2025-SPORT-1.0" Codes="NG2025-1.0">${inner}</Competition></OdfBody>`;

/** A DT_PARTIC and a DT_PARTIC_TEAMS per discipline, in the schema's shape. */
export function entryLists(people: readonly FeedPerson[], teams: readonly FeedTeam[]): string[] {
  const disciplines = [...new Set([...people, ...teams].map((p) => p.discipline))];
  return disciplines.flatMap((discipline) => {
    const code = discipline.padEnd(34, '-');
    const participants = people
      .filter((p) => p.discipline === discipline)
      .map((p) => {
        const upper = p.family.toUpperCase();
        const registered = [...p.events].map((e) => `<RegisteredEvent Event="${e}"/>`).join('');
        return `<Participant Code="${p.code}" Parent="${p.code}" Status="ACTIVE" GivenName="${escape(p.given)}" FamilyName="${escape(p.family)}" PrintName="${escape(`${upper} ${p.given}`)}" PrintInitialName="${escape(upper)}" TVName="${escape(`${p.given} ${upper}`)}" TVInitialName="${escape(upper)}" TVFamilyName="${escape(upper)}" LocalFamilyName="${p.localFamily}" LocalGivenName="${p.localGiven}" Gender="${p.gender}" Organisation="${p.organisation}"><Discipline Code="${code}">${registered}</Discipline></Participant>`;
      });
    const teamItems = teams
      .filter((t) => t.discipline === discipline)
      .map((t) => {
        const members = t.members.map((m, i) => `<Athlete Code="${m}" Order="${i + 1}"/>`).join('');
        const registered = [...t.events].map((e) => `<RegisteredEvent Event="${e}"/>`).join('');
        return `<Team Code="${t.code}" Status="ACTIVE" Organisation="${t.organisation}" Name="${escape(t.name)}" ShortName="${escape(t.name)}" TVTeamName="${escape(t.name)}" Gender="X" TeamType="TEAM"><Composition>${members}</Composition><Discipline Code="${code}">${registered}</Discipline></Team>`;
      });
    return [
      envelope('DT_PARTIC', code, participants.join('')),
      ...(teamItems.length > 0 ? [envelope('DT_PARTIC_TEAMS', code, teamItems.join(''))] : []),
    ];
  });
}

/**
 * A DT_SCHEDULE per discipline for the messages' units, named in English only (`ItemName
 * Language="ENG"`, as the real Paris 2024 schedules do): Chinese unit names are composed from the
 * games' code tables.
 */
export function schedules(messages: readonly ExampleMessage[]): string[] {
  const units = new Map<string, Map<string, string>>();
  for (const message of messages.filter((m) => m.type === 'DT_RESULT')) {
    const body = nodes(parser.parse(message.xml).OdfBody)[0] ?? {};
    const competition = nodes(body.Competition)[0] ?? {};
    const infos = nodes(competition.ExtendedInfos)[0] ?? {};
    const described = nodes(infos.SportDescription)[0] ?? {};
    const start = attr(nodes(infos.UnitDateTime)[0] ?? {}, 'StartDate') ?? '2025-11-14T10:00:00+08:00';
    const name = [attr(described, 'EventName'), attr(described, 'SubEventName')].filter(Boolean).join(' ');
    const list = units.get(message.sport) ?? new Map<string, string>();
    list.set(
      message.code,
      `<Unit Code="${message.code}" PhaseType="3" ScheduleStatus="FINISHED" StartDate="${start}"><ItemName Language="ENG" Value="${escape(name || message.code)}"/></Unit>`,
    );
    units.set(message.sport, list);
  }
  // Sport pages list the events the schedule has: a bracket's or pool's event gets a unit too.
  for (const message of messages.filter((m) => m.type === 'DT_BRACKETS' || m.type === 'DT_POOL_STANDING')) {
    const list = units.get(message.sport) ?? new Map<string, string>();
    const event = eventOf(message.code);
    if (![...list.keys()].some((code) => eventOf(code) === event)) {
      const code = `${event.slice(0, 22)}FNL-000100--`;
      list.set(
        code,
        `<Unit Code="${code}" PhaseType="3" ScheduleStatus="SCHEDULED" StartDate="2025-11-20T10:00:00+08:00"><ItemName Language="ENG" Value="${code}"/></Unit>`,
      );
    }
    units.set(message.sport, list);
  }
  return [...units].map(([sport, list]) => envelope('DT_SCHEDULE', sport.padEnd(34, '-'), [...list.values()].join('')));
}

/** A DT_MEDALLISTS per discipline from its examples' official finals (ranks 1 to 3), in the schema's shape. */
export function medallists(messages: readonly ExampleMessage[]): string[] {
  const byDiscipline = new Map<string, string[]>();
  const MEDALS = ['ME_GOLD', 'ME_SILVER', 'ME_BRONZE'];
  for (const message of messages.filter((m) => m.type === 'DT_RESULT' && /FNL-/.test(m.code.slice(22, 26)))) {
    const body = nodes(parser.parse(message.xml).OdfBody)[0] ?? {};
    if (attr(body, 'ResultStatus') !== 'OFFICIAL') continue;
    const results = nodes((nodes(body.Competition)[0] ?? {}).Result);
    const medals = MEDALS.map((code, i) => {
      const competitors = results
        .filter((r) => attr(r, 'Rank') === String(i + 1))
        .map((r) => nodes(r.Competitor)[0])
        .filter((c): c is Node => c !== undefined)
        .map((c) => {
          const team = attr(nodes(c.Description)[0] ?? {}, 'TeamName');
          const athletes = nodes((nodes(c.Composition)[0] ?? {}).Athlete).map((a, order) => {
            const d = nodes(a.Description)[0] ?? {};
            return `<Athlete Code="${attr(a, 'Code')}" Order="${order + 1}"><Description GivenName="${escape(attr(d, 'GivenName') ?? '')}" FamilyName="${escape(attr(d, 'FamilyName') ?? '')}" Gender="${attr(d, 'Gender') === 'F' ? 'F' : 'M'}" Organisation="${attr(c, 'Organisation')}"/></Athlete>`;
          });
          const description = team ? `<Description TeamName="${escape(team)}"/>` : '';
          return `<Competitor Code="${attr(c, 'Code')}" Type="${attr(c, 'Type') ?? 'A'}" Organisation="${attr(c, 'Organisation')}" Order="${i + 1}">${description}<Composition>${athletes.join('')}</Composition></Competitor>`;
        });
      return competitors.length > 0 ? `<Medal Code="${code}">${competitors.join('')}</Medal>` : '';
    }).join('');
    if (!medals) continue;
    const list = byDiscipline.get(message.sport) ?? [];
    list.push(`<Event Code="${eventOf(message.code)}">${medals}</Event>`);
    byDiscipline.set(message.sport, list);
  }
  return [...byDiscipline].map(([sport, events]) =>
    envelope(
      'DT_MEDALLISTS',
      sport.padEnd(34, '-'),
      `<Discipline Code="${sport.padEnd(34, '-')}">${events.join('')}</Discipline>`,
    ),
  );
}
