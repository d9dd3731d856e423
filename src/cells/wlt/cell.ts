import { plainCell } from '../plain';

/** A match's outcome for a side (W, L, T). */
export default plainCell('text', 'essential');
