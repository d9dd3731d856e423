import { defineCell } from '../definition';
import { partsCell, scalars } from '../values';

/** Intermediate times, in order: each a part; a phone leaves them to the row's details. */
export default defineCell({ sort: 'text', priority: 'optional', project: (values) => partsCell(scalars(values)) });
