import { defineCell } from '../definition';
import { partsCell, scalars } from '../values';

/** Records a result set or equalled (WR, NR, GR ...): each a part. */
export default defineCell({ sort: 'text', priority: 'secondary', project: (values) => partsCell(scalars(values)) });
