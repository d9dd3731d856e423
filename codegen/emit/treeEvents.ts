import type { EventProgramme } from '../../schemas/events';
import { padRsc } from '../../src/core/rsc';
import { generatedHeader, json, type GeneratedFile } from './files';

/**
 * The events each discipline tree must list (`treeEvents` of `sports/<CODE>/events.json`), shaped as
 * the service's disciplineTree items, so the site's start-up adds the ones a service lacks.
 */
export function emitTreeEvents(programmes: ReadonlyMap<string, EventProgramme>): GeneratedFile {
  const byDiscipline: Record<string, object[]> = {};
  for (const [code, programme] of [...programmes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!programme.treeEvents?.length) continue;
    byDiscipline[code] = programme.treeEvents.map((event) => ({
      EventFullRsc: padRsc(`${code}${event.gender}${event.id}`),
      ENG_EventName: event.name.en_US,
      CHI_EventName: event.name.zh_CN,
      TeamEvent: event.team ? 'Y' : 'N',
    }));
  }
  return {
    path: 'src/generated/treeEvents.ts',
    content: `${generatedHeader('treeEvents of sports/*/events.json')}
export interface TreeEvent {
  EventFullRsc: string;
  ENG_EventName: string;
  CHI_EventName: string;
  TeamEvent: 'Y' | 'N';
}

/** Events every discipline tree lists, by discipline code. */
export const TREE_EVENTS: Readonly<Record<string, readonly TreeEvent[]>> = ${json(byDiscipline)};
`,
  };
}
