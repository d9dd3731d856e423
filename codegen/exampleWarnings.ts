import { join } from 'node:path';
import { moreWarnings } from '../src/server/coverage/exampleWarnings';
import { displayPath } from './load';
import type { ExampleWarnings } from './validate';

/**
 * sports:check's warnings about example values no layout reads (issue 25), with the example's file
 * as problems show it. Kept out of codegen/validate: `npm run codegen` must not load the site's
 * projections, which it generates the registries of.
 */
export const exampleWarnings: ExampleWarnings = (sport, examples, folder) =>
  moreWarnings(
    sport,
    examples.map((example) => ({ ...example, file: displayPath(join(folder, 'examples', example.file)) })),
  );
