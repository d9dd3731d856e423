import type { OdfElement } from './normalise';

/**
 * ODF sends schedule changes as DT_SCHEDULE_UPDATE messages that carry only the units and sessions
 * that changed. They are merged into the discipline's DT_SCHEDULE by `Code` (units) and
 * `SessionCode` (sessions); everything else in the schedule stays as it was.
 */
export function mergeScheduleUpdate(schedule: OdfElement | undefined, update: OdfElement): OdfElement {
  const base: OdfElement = schedule ? structuredClone(schedule) : { ...update, DocumentType: 'DT_SCHEDULE' };
  const baseCompetition = firstChild(base, 'Competition') ?? {};
  if (!firstChild(base, 'Competition')) base.Competition = [baseCompetition];
  const updateCompetition = firstChild(update, 'Competition');
  if (!updateCompetition || !schedule) return base;
  mergeBy(baseCompetition, updateCompetition, 'Unit', 'Code');
  mergeBy(baseCompetition, updateCompetition, 'Session', 'SessionCode');
  return base;
}

function firstChild(element: OdfElement, name: string): OdfElement | undefined {
  const value = element[name];
  return Array.isArray(value) ? value[0] : undefined;
}

function mergeBy(target: OdfElement, source: OdfElement, name: string, key: string): void {
  const incoming = source[name];
  if (!Array.isArray(incoming)) return;
  const current = Array.isArray(target[name]) ? [...(target[name] as OdfElement[])] : [];
  const index = new Map(current.map((item, i) => [item[key], i]));
  for (const item of incoming) {
    const at = index.get(item[key]);
    if (at === undefined) {
      index.set(item[key], current.length);
      current.push(item);
    } else {
      current[at] = item;
    }
  }
  target[name] = current;
}
