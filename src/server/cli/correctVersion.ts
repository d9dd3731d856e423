/**
 * `npm run correct-version -- <DocumentType> <DocumentCode> <Version>`: sets the stored Version of
 * one document in the store in PODIUM_DATA, when a feed sent a wrong one (docs/operations.md).
 */
import { readConfig } from '../config';
import { openService, serviceOptions } from '../service';
import { correctVersion } from '../store/correctVersion';
import { readCommand, wholeNumber } from './args';

const CORRECT_VERSION = {
  script: 'correct-version',
  summary: 'Sets the stored Version of one document in the store in PODIUM_DATA, when a feed sent a wrong one.',
  args: [
    { name: 'DocumentType', description: "the document's type (DT_RESULT ...)" },
    { name: 'DocumentCode', description: "the document's code" },
    { name: 'Version', description: 'the Version to store, a whole number', parse: wholeNumber },
  ],
} as const;

const {
  args: [type, code, version],
} = readCommand(CORRECT_VERSION);
const config = readConfig();
const service = await openService(serviceOptions(config));
try {
  console.log(correctVersion(service.store, service.db, type, code, version));
} catch (error) {
  console.error(`correct-version: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  service.close();
}
