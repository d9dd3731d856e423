import { useEffect, useMemo, useState } from 'react';
import { competitorBucket } from '../../core/competitorBucket';
import type { ApiDocument, ApiDocumentType } from '../../../schemas/api';
import { httpSource, untypedDocument } from '../data/source';
import type { ScheduleEntry } from '../pages/schedule/data';
import { useFollowed, type Followed } from './followed';
import { channelOf } from '../../core/live/channels';
import { followDocuments, onDocumentsChanged } from '../live/pageChannels';

/** A unit of the followed set's schedule, with what made it followed. */
export interface FollowedUnit extends ScheduleEntry {
  readonly event?: string;
}

export interface FollowedUnits {
  /** The followed set's units, in schedule order. */
  readonly units: readonly FollowedUnit[];
  readonly codes: ReadonlySet<string>;
  readonly loading: boolean;
  /** The schedule could not be read (the network): what was read is still given. */
  readonly error?: string;
}

const NONE: FollowedUnits = { units: [], codes: new Set(), loading: false };

// Documents read once a page session: every list on the page asks for the same few. Each is
// followed live (web/live): a newer version is read again.
const reads = new Map<string, Promise<unknown>>();
function read<K extends ApiDocumentType>(type: K, code: string): Promise<ApiDocument<K> | undefined> {
  const key = channelOf(type, code) ?? `${type}/${code}`;
  let promise = reads.get(key);
  if (!promise) {
    // Not noted as the page's loaders' reads: followed by this part of the page itself.
    promise = untypedDocument(httpSource(undefined, fetch, false), type, code);
    // A failed read is asked again next time.
    promise.catch(() => reads.delete(key));
    reads.set(key, promise);
  }
  return promise as Promise<ApiDocument<K> | undefined>;
}

/** The units of followed delegations and of the events followed athletes entered. */
export async function followedUnits(followed: Followed): Promise<FollowedUnit[]> {
  const delegationUnits = followed.delegations.map(
    async (org) => (await read('SCHEDULE_DELEGATION', org))?.units ?? [],
  );
  const athleteEvents = followed.athletes.map(
    async (code) => (await read('COMPETITOR_PROFILES', competitorBucket(code)))?.athletes[code]?.events ?? [],
  );
  const events = new Set((await Promise.all(athleteEvents)).flat().map((event) => event.slice(0, 22)));
  const disciplines = [...new Set([...events].map((event) => event.slice(0, 3)))];
  const eventUnits = disciplines.map(async (discipline) =>
    ((await read('SCHEDULE_DISCIPLINE', discipline.padEnd(34, '-')))?.units ?? []).filter((unit) =>
      events.has(unit.code.slice(0, 22)),
    ),
  );
  const all = (await Promise.all([...delegationUnits, ...eventUnits])).flat();
  const byCode = new Map(all.map((unit) => [unit.code, unit]));
  return [...byCode.values()].sort(
    (a, b) => (a.start ?? '9999').localeCompare(b.start ?? '9999') || a.code.localeCompare(b.code),
  );
}

/** The followed set's units, read in the browser once the reader's set is known (nothing on the server). */
export function useFollowedUnits(): FollowedUnits {
  const followed = useFollowed();
  const empty = followed.delegations.length === 0 && followed.athletes.length === 0;
  const [read, setRead] = useState<{ for: Followed; units: readonly FollowedUnit[]; error?: string }>();
  // Bumped when a document read changed: the units are read again.
  const [changes, setChanges] = useState(0);
  useEffect(
    () =>
      onDocumentsChanged((channels) => {
        const ours = channels.filter((channel) => reads.has(channel));
        ours.forEach((channel) => reads.delete(channel));
        if (ours.length > 0) setChanges((n) => n + 1);
      }),
    [],
  );
  useEffect(() => {
    if (empty) return;
    let current = true;
    let stopFollowing: (() => void) | undefined;
    followedUnits(followed).then(
      (units) => {
        if (!current) return;
        setRead({ for: followed, units });
        stopFollowing = followDocuments(
          'followedUnits',
          [...reads.keys()].filter((key) => !key.includes('/')),
        );
      },
      (error: unknown) => {
        if (current)
          setRead({ for: followed, units: [], error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
      stopFollowing?.();
    };
  }, [followed, empty, changes]);
  const units = read?.units;
  const codes = useMemo(() => new Set((units ?? []).map((unit) => unit.code)), [units]);
  if (empty) return NONE;
  // Until the set's own read answers, the last one's units stay (a follow toggled elsewhere).
  return {
    units: units ?? [],
    codes,
    loading: read?.for !== followed,
    ...(read?.error ? { error: read.error } : {}),
  };
}
