import { plainCell } from '../plain';

/** A time (`52.34`, `1:52.34`, `2:05:07`): sorts by its seconds; what a spectator came for. */
export default plainCell('time', 'essential');
