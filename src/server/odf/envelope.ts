import { IngestError } from './errors';
import { isOdfMessageType } from './messageTypes';
import type { OdfElement } from './normalise';

/** What the `OdfBody` says about the message: enough to store, order and route it. */
export interface Envelope {
  readonly documentType: string;
  readonly documentCode: string;
  readonly version: number;
  readonly resultStatus: string | undefined;
  readonly competitionCode: string | undefined;
  /** `Date` and `Time` of the message as sent (ODF: yyyy-mm-dd and hhmmssfff). */
  readonly sentAt: string | undefined;
}

export const DOCUMENT_TYPE_PATTERN = /^DT_[A-Z0-9_]{2,40}$/;
/** An RSC: three characters of discipline, then 31 uppercase letters, digits or hyphens. */
export const DOCUMENT_CODE_PATTERN = /^[A-Z0-9]{3}[A-Z0-9-]{31}$/;
/** ODF numbers a document's versions in five digits (the Version field of ODF file names: `00004P`). */
const VERSION_PATTERN = /^[0-9]{1,5}$/;

function attribute(body: OdfElement, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

/** Validates the envelope of a parsed message; throws an `IngestError` that says what is wrong. */
export function readEnvelope(root: string, body: OdfElement): Envelope {
  if (root !== 'OdfBody')
    throw new IngestError('not-odf', `not an ODF message: the root element is <${root}>, not <OdfBody>`);
  const required = (name: string): string => {
    const value = attribute(body, name);
    if (value === undefined || value === '') {
      throw new IngestError('missing-attribute', `OdfBody has no ${name} attribute`);
    }
    return value;
  };
  const documentType = required('DocumentType');
  const documentCode = required('DocumentCode');
  const version = required('Version');
  if (!DOCUMENT_TYPE_PATTERN.test(documentType)) {
    throw new IngestError(
      'bad-attribute',
      `DocumentType "${documentType}" is not an ODF message type (DT_ and capitals)`,
    );
  }
  if (!DOCUMENT_CODE_PATTERN.test(documentCode)) {
    throw new IngestError(
      'bad-attribute',
      `DocumentCode "${documentCode}" is not an RSC: 34 characters, a 3-character discipline then capitals, digits or "-"`,
    );
  }
  if (!isOdfMessageType(documentType)) {
    throw new IngestError(
      'unknown-type',
      `DocumentType "${documentType}" is not one of the ODF message types (ODF General Messages Interface Document)`,
    );
  }
  if (!VERSION_PATTERN.test(version)) {
    throw new IngestError('bad-attribute', `Version "${version}" is not a whole number of at most 5 digits`);
  }
  const date = attribute(body, 'Date');
  const time = attribute(body, 'Time');
  return {
    documentType,
    documentCode,
    version: Number(version),
    resultStatus: attribute(body, 'ResultStatus'),
    competitionCode: attribute(body, 'CompetitionCode'),
    sentAt: date ? `${date}${time ? `T${time}` : ''}` : undefined,
  };
}
