import { accessSync, constants, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The database file in a data folder. */
export const DATABASE_FILE = 'podium.sqlite';

/**
 * A data folder the store cannot be opened in. Its message is `<folder>: <cause>` on one line, for
 * `npm start` to print as it is: a wrong PODIUM_DATA is the operator's to put right, not a bug, so
 * no stack trace.
 */
export class DataFolderError extends Error {
  constructor(
    readonly folder: string,
    readonly reason: string,
    cause: unknown,
  ) {
    super(`${folder}: ${reason}`, { cause });
    this.name = 'DataFolderError';
  }
}

/** Why the store could not be opened in `dataDir`, in people's words, on one line. */
export function whyNotOpened(dataDir: string, error: unknown): string {
  const code = String((error as { code?: unknown }).code ?? '');
  const message = (error as Error).message ?? String(error);
  return oneLine(reasonFor(dataDir, code, message));
}

function reasonFor(dataDir: string, code: string, message: string): string {
  const file = join(dataDir, DATABASE_FILE);
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    const blocker = fileInTheWay(dataDir);
    if (blocker === resolve(dataDir)) return 'is a file, not a folder';
    if (blocker) return `cannot be created: ${blocker} is a file, not a folder`;
  }
  if (code === 'EACCES' || code === 'EPERM') return `is not writable (${stripCode(message)})`;
  if (code === 'EROFS') return 'is on a read-only file system';
  if (code.startsWith('SQLITE_READONLY')) return `is not writable: ${whoCannotWrite(file, message)}`;
  if (isFolder(file)) return `${DATABASE_FILE} in it is a folder, not a database file`;
  if (code === 'SQLITE_NOTADB') return `${DATABASE_FILE} in it is not a database (${code})`;
  if (code === 'SQLITE_CORRUPT') return `${DATABASE_FILE} in it is damaged: ${message} (${code})`;
  if (code === 'SQLITE_CANTOPEN') return `${DATABASE_FILE} cannot be opened or created in it: ${message} (${code})`;
  if (code.startsWith('SQLITE_')) return `${message} (${code})`;
  return stripCode(message);
}

/**
 * Which of the store's files this process cannot write, with their owner and mode: another user's
 * podium.sqlite (made by `sudo npm run ingest`, say), or the -wal and -shm a process of theirs left.
 */
function whoCannotWrite(file: string, message: string): string {
  const uid = process.getuid?.();
  const files = [file, `${file}-wal`, `${file}-shm`].flatMap((path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return [];
    try {
      accessSync(path, constants.W_OK);
      return [];
    } catch {
      return [`${basename(path)} (owner uid ${stat.uid}, mode ${(stat.mode & 0o777).toString(8)})`];
    }
  });
  const user = uid === undefined ? 'this process' : `this process (uid ${uid})`;
  if (files.length === 0) return `${DATABASE_FILE} in it opens read-only (${message})`;
  return `${user} cannot write ${files.join(' or ')} in it; give the folder and its files to the user Podium runs as`;
}

/** The path itself or the nearest folder above it that exists and is not a folder. */
function fileInTheWay(path: string): string | undefined {
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      return statSync(at).isDirectory() ? undefined : at;
    } catch {
      // Not there: look further up.
    }
    if (dirname(at) === at) return undefined;
  }
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Node's `EACCES: permission denied, mkdir '/x'` as `permission denied, mkdir '/x'`. */
const stripCode = (message: string) => message.replace(/^[A-Z]+: /, '');

/** SQLite's integrity reports span lines; the start command prints one. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
