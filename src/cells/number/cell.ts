import { plainCell } from '../plain';

/** A count or a measure that sorts by its value (points, games played, a height). */
export default plainCell('number', 'secondary');
