import { plainCell } from '../plain';

/** A score or points total: sorts as a number; what a spectator came for. */
export default plainCell('number', 'essential');
