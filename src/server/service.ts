import type { ServiceConfig } from './config';
import type { ResolvedSport } from '../core/sports/types';
import { SPORT_CODES } from '../generated/sportCodes';
import { sportLoaders } from '../generated/sportRegistry';
import { join } from 'node:path';
import { allDerivers } from './derive';
import { ROOT_DIR } from './cli/paths';
import { gamesCodeNames } from './reference/codeNames';
import { CompetitorFacts } from './derive/competitorsFacts';
import { DeriveRunner } from './derive/runner';
import { Ingestor } from './odf/ingest';
import { openDatabase, type Db } from './store/database';
import { DocumentStore } from './store/documents';
import type { MessageLogLimits } from './store/messageLog';

/** The parts of a running results service, wired once and shared by the HTTP server and commands. */
export interface Service {
  readonly db: Db;
  readonly store: DocumentStore;
  readonly derive: DeriveRunner;
  readonly ingestor: Ingestor;
  readonly sports: readonly ResolvedSport[];
  close(): void;
}

/** Bump when a deriver's output changes shape: stores built before rebuild their derived documents. */
export const DERIVE_VERSION = '8';

export async function loadSports(): Promise<ResolvedSport[]> {
  return Promise.all(SPORT_CODES.map(async (code) => (await sportLoaders[code]()).default));
}

export interface ServiceOptions {
  readonly dataDir: string | ':memory:';
  readonly maxMessageBytes: number;
  /** This games' CompetitionCodes (messages of another are refused); undefined accepts any. */
  readonly competitionCodes?: readonly string[];
  /** How much of the message log is kept (default: 4 GB of bodies, 90 days). */
  readonly messageLog?: MessageLogLimits;
}

/** The options a command or thread opens the service with, from the configuration. */
export function serviceOptions(config: ServiceConfig): ServiceOptions {
  return {
    dataDir: config.dataDir,
    maxMessageBytes: config.maxMessageBytes,
    messageLog: config.messageLog,
    ...(config.competitionCodes ? { competitionCodes: config.competitionCodes } : {}),
  };
}

export async function openService(options: ServiceOptions): Promise<Service> {
  const db = openDatabase(options.dataDir);
  const store = new DocumentStore(db);
  const sports = await loadSports();
  const codeNames = gamesCodeNames(join(ROOT_DIR, 'sports'), SPORT_CODES);
  const derive = new DeriveRunner(store, db, allDerivers(sports), codeNames);
  const ingestor = new Ingestor(store, db, derive, {
    maxMessageBytes: options.maxMessageBytes,
    ...(options.competitionCodes ? { competitionCodes: options.competitionCodes } : {}),
    ...(options.messageLog ? { messageLog: options.messageLog } : {}),
  });
  // Limits lowered since the last start apply at once.
  ingestor.log.prune();
  // A table added by a migration starts empty: it is filled from the stored documents once.
  const backfilled = new CompetitorFacts(db).backfill(store);
  // Derived documents a new version of Podium adds or changes appear without a re-ingest.
  const held = db.prepare("SELECT value FROM meta WHERE key = 'derive_version'").pluck().get();
  if (held !== DERIVE_VERSION || backfilled) {
    store.transaction(() => {
      derive.rebuildAll();
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('derive_version', ?)").run(DERIVE_VERSION);
    });
  }
  // A process stopped (killed) between storing messages and rebuilding what they change left its
  // notes in the store: everything derived is rebuilt here, before anything is served (whole, not
  // from the notes: a rare start, and the whole rebuild is the reference the partial ones follow).
  // Looked at again under the write lock: the threads of a start open the store together, and the
  // writer's notes of a batch are in the store until its derived documents are written.
  if (derive.pending)
    store.transaction(() => {
      if (derive.pending) derive.rebuildAll();
    });
  return { db, store, derive, ingestor, sports, close: () => db.close() };
}
