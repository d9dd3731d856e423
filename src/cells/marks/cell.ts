import { defineCell } from '../definition';
import { partsCell, scalars } from '../values';

/** Qualification marks (Q, q) and the like: each mark a part. */
export default defineCell({ sort: 'text', priority: 'essential', project: (values) => partsCell(scalars(values)) });
