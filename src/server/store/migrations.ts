/**
 * Schema migrations, applied in order and recorded in `user_version`. Append only: a released
 * migration is never edited, a change is a new one.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: documents (the current version of each), every message received, and derived-document inputs.
  `
  CREATE TABLE documents (
    type        TEXT NOT NULL,
    code        TEXT NOT NULL,
    version     INTEGER NOT NULL,
    status      TEXT,
    received_at TEXT NOT NULL,
    etag        TEXT NOT NULL,
    body        TEXT NOT NULL,
    derived     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (type, code)
  ) WITHOUT ROWID;
  CREATE INDEX documents_by_type ON documents (type);

  CREATE TABLE messages (
    id          INTEGER PRIMARY KEY,
    type        TEXT NOT NULL,
    code        TEXT NOT NULL,
    version     INTEGER NOT NULL,
    status      TEXT,
    received_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    outcome     TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    xml         TEXT
  );
  CREATE INDEX messages_by_document ON messages (type, code, version);

  CREATE TABLE medal_imports (
    id          INTEGER PRIMARY KEY,
    received_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    rows        TEXT NOT NULL
  );

  CREATE TABLE medal_corrections (
    organisation TEXT PRIMARY KEY,
    gold   INTEGER NOT NULL,
    silver INTEGER NOT NULL,
    bronze INTEGER NOT NULL,
    import_id INTEGER NOT NULL REFERENCES medal_imports (id)
  ) WITHOUT ROWID;

  CREATE TABLE reports (
    code        TEXT NOT NULL,
    doc_type    TEXT NOT NULL,
    file        TEXT NOT NULL,
    name        TEXT NOT NULL,
    version     INTEGER NOT NULL,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (code, doc_type)
  ) WITHOUT ROWID;

  -- Facts taken from each unit's result when it is stored, so derived documents that need them
  -- (delegation schedules, records broken) read a small table instead of every result.
  CREATE TABLE unit_facts (
    code          TEXT PRIMARY KEY,
    discipline    TEXT NOT NULL,
    status        TEXT,
    organisations TEXT NOT NULL,
    records       TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 2: settings of the store itself (the version of the derived documents it holds).
  `
  CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 3: the competitors' lines of each unit's result (a JSON array), taken when the result is stored,
  // so the competitor pages are derived from one row per unit (src/server/derive/competitorsFacts.ts).
  // A rowid table: a big race's row is large, and WITHOUT ROWID suits small rows.
  `
  CREATE TABLE competitor_results (
    unit   TEXT PRIMARY KEY,
    status TEXT,
    lines  TEXT NOT NULL
  );
  `,
  // 4: each unit's lines again, split by competitor bucket, so a changed result rebuilds only the
  // competitor documents of its own competitors, reading only their lines
  // (src/server/derive/competitorsResults.ts).
  `
  CREATE TABLE competitor_result_buckets (
    bucket TEXT NOT NULL,
    unit   TEXT NOT NULL,
    lines  TEXT NOT NULL,
    PRIMARY KEY (bucket, unit)
  ) WITHOUT ROWID;
  `,
  // 5: the derived documents still to rebuild, written in the same transaction as the message that
  // made them stale, so a process killed before it rebuilt them leaves the work to the next start
  // (src/server/derive/runner.ts). `code` '*' stands for every document of the input.
  `
  CREATE TABLE derive_pending (
    input TEXT NOT NULL,
    code  TEXT NOT NULL,
    PRIMARY KEY (input, code)
  ) WITHOUT ROWID;
  `,
  // 6: the message log keeps every message received, rejected ones too, with the reason and the bytes
  // as received (src/server/store/messageLog.ts). A rejected message may have no envelope (type, code,
  // version NULL). Bodies and the size column come last, so a scan for sizes reads no body pages.
  // Earlier rows kept the decoded text of stored messages: it becomes their body (UTF-8).
  `
  CREATE TABLE message_log (
    id          INTEGER PRIMARY KEY,
    received_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    outcome     TEXT NOT NULL,
    reason      TEXT,
    error       TEXT,
    type        TEXT,
    code        TEXT,
    version     INTEGER,
    status      TEXT,
    size        INTEGER NOT NULL,
    sha256      TEXT,
    body        BLOB
  );
  INSERT INTO message_log (id, received_at, source, outcome, type, code, version, status, size, sha256, body)
    SELECT id, received_at, source, outcome, type, code, version, status,
      coalesce(length(CAST(xml AS BLOB)), 0), nullif(sha256, ''), CAST(xml AS BLOB)
    FROM messages;
  DROP TABLE messages;
  ALTER TABLE message_log RENAME TO messages;
  CREATE INDEX messages_by_document ON messages (type, code, version);
  CREATE INDEX messages_by_outcome ON messages (outcome, id);
  CREATE INDEX messages_by_time ON messages (received_at);
  `,
  // 7: a listing of one type's documents without their bodies (what the reports deriver reads on
  // every result message): in the table, each row's leaf holds its body, so the 2,137 results of
  // the demo games took 19 ms to list; from the index, 3 ms.
  `
  CREATE INDEX documents_listing ON documents (type, code, version, status, received_at);
  `,
  // 8: a derive note says when it was last written (a growing number), so the deriver that read it
  // removes it only if no change came after (src/server/derive/runner.ts): the writer applies
  // messages while another thread makes their derived documents.
  `
  ALTER TABLE derive_pending ADD COLUMN at INTEGER NOT NULL DEFAULT 0;
  `,
  // 9: every write of a document takes the next number of one sequence, so a server process finds
  // what changed since it last looked with one indexed read, and a live subscriber resumes from
  // the number of the last event it had (src/server/live).
  `
  ALTER TABLE documents ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX documents_by_seq ON documents (seq);
  `,
  // 10: a unit's lines by bucket found by the unit (a result's new lines replace its old ones): the
  // table is keyed by bucket first, so each result scanned the whole table, and ingest slowed with
  // every unit stored (1,500 results: 5.9 s of 18 in those scans).
  `
  CREATE INDEX competitor_result_buckets_by_unit ON competitor_result_buckets (unit);
  `,
];
