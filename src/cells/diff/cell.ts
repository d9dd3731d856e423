import { plainCell } from '../plain';

/** The gap to the leader (`+1.23`, `+1:02.5`): sorts as a time. */
export default plainCell('time', 'secondary');
