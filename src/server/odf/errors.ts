/** Why a message was refused; `code` is stable for tests and clients, `message` is for people. */
export type IngestErrorCode =
  | 'too-large'
  | 'unknown-content-encoding'
  | 'bad-compression'
  | 'empty'
  | 'bad-encoding'
  | 'not-xml'
  | 'doctype'
  | 'not-odf'
  | 'missing-attribute'
  | 'bad-attribute'
  | 'unknown-type'
  | 'other-games'
  | 'version-jump'
  /** Logged, but the service failed to apply it (a fault of its own): kept to replay. */
  | 'internal';

/**
 * A message refused at the door, before it was read whole (over the size limit, an unknown
 * Content-Encoding, a body that does not decompress): only logged, with its size and reason.
 */
export interface DoorRefusal {
  readonly code: IngestErrorCode;
  readonly message: string;
  /** The bytes received (or decompressed) when reading stopped. */
  readonly size: number;
}

/** Refusals made at the door, before the body was read whole: the log keeps their size, not their bytes. */
const DOOR_REFUSALS: readonly string[] = [
  'too-large',
  'unknown-content-encoding',
  'bad-compression',
] satisfies IngestErrorCode[];
export const isDoorRefusal = (code: string | null): boolean => code !== null && DOOR_REFUSALS.includes(code);

export class IngestError extends Error {
  readonly code: IngestErrorCode;
  constructor(code: IngestErrorCode, message: string) {
    super(message);
    this.name = 'IngestError';
    this.code = code;
  }
}
