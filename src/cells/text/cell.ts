import { plainCell } from '../plain';

/** Any value as the feed gives it (a result, a code, a count read as text). */
export default plainCell('text', 'secondary');
