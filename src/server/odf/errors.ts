/** Why a message was refused; `code` is stable for tests and clients, `message` is for people. */
export type IngestErrorCode =
  | 'too-large'
  | 'empty'
  | 'bad-encoding'
  | 'not-xml'
  | 'doctype'
  | 'not-odf'
  | 'missing-attribute'
  | 'bad-attribute'
  | 'unknown-type'
  | 'other-games'
  | 'version-jump';

export class IngestError extends Error {
  readonly code: IngestErrorCode;
  constructor(code: IngestErrorCode, message: string) {
    super(message);
    this.name = 'IngestError';
    this.code = code;
  }
}
