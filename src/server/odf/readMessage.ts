import { decodeMessage } from './decode';
import { readEnvelope, type Envelope } from './envelope';
import { IngestError } from './errors';
import { parseXml, type OdfElement } from './normalise';

/** A message read whole, its envelope checked: ready to apply. */
export interface ReadMessage {
  readonly envelope: Envelope;
  readonly body: OdfElement;
}

/** Why a message cannot be applied, with its envelope when that was read. */
export interface Unreadable {
  readonly error: IngestError;
  readonly envelope?: Envelope;
}

/**
 * Decodes, parses and checks a message's envelope, writing nothing: the message, or why it is
 * refused (unreadable, not ODF, or another games' when `competitionCodes` names this one's).
 */
export function readMessage(
  bytes: Uint8Array,
  maxMessageBytes: number,
  competitionCodes: readonly string[] | undefined,
): ReadMessage | Unreadable {
  let read: ReadMessage;
  try {
    const text = decodeMessage(bytes, maxMessageBytes);
    const { root, element } = parseXml(text);
    read = { envelope: readEnvelope(root, element), body: element };
  } catch (error) {
    return {
      error:
        error instanceof IngestError
          ? error
          : new IngestError('not-xml', `message could not be read: ${(error as Error).message}`),
    };
  }
  const competition = read.envelope.competitionCode;
  if (competitionCodes && competition !== undefined && !competitionCodes.includes(competition)) {
    const error = new IngestError(
      'other-games',
      `CompetitionCode "${competition}" is not this games' (${competitionCodes.join(', ')}); set PODIUM_COMPETITION_CODES if it should be`,
    );
    return { error, envelope: read.envelope };
  }
  return read;
}
