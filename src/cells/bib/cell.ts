import { plainCell } from '../plain';

/** A competitor's bib or start number: sorts as a number. */
export default plainCell('number', 'secondary');
