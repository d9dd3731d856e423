import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { distanceOf } from './marks';
import { join } from 'node:path';
import { DELEGATIONS } from '../reference/delegations';
import { readEnvelope } from '../odf/envelope';
import { parseXml, type OdfElement } from '../odf/normalise';
import type { DemoAthlete, DemoCompetitor } from './model';

/**
 * The demo writes ODF in the shape of each sport's examples (`sports/<CODE>/examples/*.xml`, written
 * from the ODF data dictionaries), not by inverting the plugin's value paths: an example is a
 * template whose competitors, places and marks the demo replaces. So the demo is a second check of
 * the plugins, independent of them: a path the dictionary does not fill stays empty in the demo too.
 */
export interface Template {
  /** The part of the file name between the type and `.xml` (`race` in `DT_RESULT.race.xml`). */
  readonly kind: string;
  readonly type: string;
  readonly code: string;
  readonly body: OdfElement;
}

/** A sport's examples as templates, in file-name order; none when the sport has no examples folder. */
export function loadTemplates(sportsDir: string, code: string): Template[] {
  const dir = join(sportsDir, code, 'examples');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .flatMap((name) => {
      try {
        const { root, element } = parseXml(readFileSync(join(dir, name), 'utf8'));
        const envelope = readEnvelope(root, element);
        const kind = name.slice(envelope.documentType.length + 1, -4);
        return [{ kind, type: envelope.documentType, code: envelope.documentCode, body: element }];
      } catch {
        return []; // sports:check reports an example that does not ingest
      }
    });
}

export const children = (element: OdfElement | undefined, name: string): OdfElement[] => {
  const value = element?.[name];
  return Array.isArray(value) ? (value as OdfElement[]) : [];
};

export const clone = <T>(value: T): T => structuredClone(value);

const resultRows = (body: OdfElement) => children(children(body, 'Competition')[0], 'Result');

/** A head-to-head example: two results and no more. */
export const isMatchTemplate = (template: Template) => resultRows(template.body).length === 2;

export interface TemplateChoice {
  /** The example kind the event's programme names (`events.json` `example`). */
  readonly example?: string;
  /** The event's RSC: an example of the same event fits best. */
  readonly event?: string;
  /** A head-to-head unit wants a two-competitor example; a race or round a field. */
  readonly match?: boolean;
  /** A walkover wants the match example with an irregular (IRM) row. */
  readonly walkover?: boolean;
}

const hasIrregularRow = (template: Template) => resultRows(template.body).some((row) => row.IRM !== undefined);

/** The example a document is written like: named, else of the same event, else of the same form, else the first. */
export function templateOf(
  templates: readonly Template[],
  type: string,
  choice: TemplateChoice = {},
): Template | undefined {
  const candidates = templates.filter((t) => t.type === type);
  if (candidates.length <= 1) return candidates[0];
  const named = choice.example ? candidates.find((t) => t.kind === choice.example) : undefined;
  if (named) return named;
  if (choice.walkover) {
    const walkover = candidates.find((t) => isMatchTemplate(t) && hasIrregularRow(t));
    if (walkover) return walkover;
  }
  const results = candidates.filter((t) => !/start/i.test(t.kind) && !(choice.match && hasIrregularRow(t)));
  const pool = results.length > 0 ? results : candidates;
  const sameEvent = choice.event ? pool.find((t) => t.code.slice(0, 22) === choice.event!.slice(0, 22)) : undefined;
  if (sameEvent) return sameEvent;
  // A race (its code names a distance) is written like an example race, not a field event.
  if (choice.event && distanceOf(choice.event) !== undefined) {
    const race = pool.find(
      (t) => distanceOf(t.code) !== undefined && (choice.match === undefined || isMatchTemplate(t) === choice.match),
    );
    if (race) return race;
  }
  if (choice.match !== undefined) {
    const sameForm = pool.find((t) => isMatchTemplate(t) === choice.match);
    if (sameForm) return sameForm;
  }
  return pool[0];
}

const delegationNames = (code: string) => DELEGATIONS.find(([c]) => c === code);

/**
 * Replaces the example's competitors by the demo's, keeping the example's shape: the same
 * attributes and children (entries, statistics, positions) on the competitor and each athlete, with
 * the demo's codes, names (English, as the dictionary writes them), organisations and bibs. Codes of
 * the example met again elsewhere (`Periods/@Home`, an action's athlete) are rewritten by
 * `rewriteCodes` with the codes this records.
 */
export class Recaster {
  /** Example codes (competitors and athletes) to the demo's. */
  readonly codes = new Map<string, string>();
  private readonly pending: DemoCompetitor[];
  private readonly all: DemoCompetitor[];

  constructor(competitors: readonly DemoCompetitor[]) {
    this.pending = [...competitors];
    this.all = [...competitors];
  }

  /** The demo competitor an example competitor code stands for: the next one not given yet. */
  private assign(example: OdfElement): DemoCompetitor | undefined {
    const code = typeof example.Code === 'string' ? example.Code : '';
    const known = this.codes.get(code);
    if (known) return this.all.find((c) => c.code === known);
    const next = this.pending.shift();
    if (next && code) this.codes.set(code, next.code);
    return next;
  }

  /** The example competitor element recast as `demo` (or as the next demo competitor). */
  competitor(example: OdfElement, demo?: DemoCompetitor): OdfElement {
    const target = demo ?? this.assign(example);
    if (!target) return clone(example);
    if (demo && typeof example.Code === 'string') this.codes.set(example.Code, demo.code);
    const out = clone(example);
    out.Code = target.code;
    out.Type = target.type;
    out.Organisation = target.organisation;
    if (typeof out.Bib === 'string') out.Bib = target.athletes[0]?.bib ?? out.Bib;
    const description = children(example, 'Description')[0];
    if (description && typeof description.TeamName === 'string') {
      const names = delegationNames(target.organisation);
      out.Description = [{ ...clone(description), TeamName: names?.[2] ?? target.organisation }];
    } else if (description) {
      out.Description = this.personDescriptions(description, target.athletes[0]!);
    }
    const composition = children(example, 'Composition')[0];
    const athletes = children(composition, 'Athlete');
    if (athletes.length > 0) {
      const count = target.type === 'T' ? target.athletes.length : 1;
      out.Composition = [
        {
          ...clone(composition!),
          Athlete: target.athletes
            .slice(0, count)
            .map((athlete, i) => this.athlete(athletes[i % athletes.length]!, athlete, i)),
        },
      ];
    }
    return out;
  }

  private athlete(example: OdfElement, athlete: DemoAthlete, index: number): OdfElement {
    const out = clone(example);
    if (typeof example.Code === 'string' && !this.codes.has(example.Code)) this.codes.set(example.Code, athlete.code);
    out.Code = athlete.code;
    if (typeof out.Order === 'string') out.Order = String(index + 1);
    if (typeof out.Bib === 'string') out.Bib = athlete.bib;
    const description = children(example, 'Description')[0] ?? {};
    out.Description = this.personDescriptions(description, athlete);
    return out;
  }

  /** One `Description`, as ODF has it: the Chinese names are DT_PARTIC's (`LocalFamilyName`). */
  private personDescriptions(example: OdfElement, athlete: DemoAthlete): OdfElement[] {
    return [
      {
        ...clone(example),
        GivenName: athlete.name.given,
        FamilyName: athlete.name.family,
        Gender: athlete.gender,
        Organisation: athlete.organisation,
        ...(typeof example.BirthDate === 'string' ? { BirthDate: athlete.birthDate } : {}),
      },
    ];
  }

  /** Every `Competitor` element under `node`, recast in order of appearance. */
  recastAll(node: unknown): void {
    if (Array.isArray(node)) {
      for (const item of node) this.recastAll(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const element = node as OdfElement;
    for (const [key, value] of Object.entries(element)) {
      if (key === 'Competitor' && Array.isArray(value)) {
        element[key] = (value as OdfElement[]).map((c) => this.competitor(c));
      } else if (typeof value === 'object') {
        this.recastAll(value);
      }
    }
  }

  /** Attributes holding an example's competitor or athlete code, anywhere in `node`, take the demo's. */
  rewriteCodes(node: unknown): void {
    if (Array.isArray(node)) {
      for (const item of node) this.rewriteCodes(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const element = node as OdfElement;
    for (const [key, value] of Object.entries(element)) {
      // Short values ("1", "A") are orders and pools, not identifiers: only codes of some length are rewritten.
      if (typeof value === 'string' && value.length >= 4 && this.codes.has(value))
        element[key] = this.codes.get(value)!;
      else if (typeof value === 'object') this.rewriteCodes(value);
    }
  }
}
