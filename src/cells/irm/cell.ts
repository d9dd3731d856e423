import { plainCell } from '../plain';

/** An invalid result mark (DNS, DNF, DSQ ...): the legend explains it. */
export default plainCell('text', 'essential');
