/**
 * `npm run correct-version -- <DocumentType> <DocumentCode> <Version>`: sets the stored Version of
 * one document in the store in PODIUM_DATA, when a feed sent a wrong one (docs/operations.md).
 */
import { readConfig } from '../config';
import { openService, serviceOptions } from '../service';
import { correctVersion } from '../store/correctVersion';

const [type, code, version] = process.argv.slice(2);
if (!type || !code || version === undefined) {
  console.error('usage: npm run correct-version -- <DocumentType> <DocumentCode> <Version>');
  process.exit(2);
}
const config = readConfig();
const service = await openService(serviceOptions(config));
try {
  console.log(correctVersion(service.store, service.db, type, code, Number(version)));
} catch (error) {
  console.error(`correct-version: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  service.close();
}
