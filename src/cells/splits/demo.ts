import { defineCellDemo } from '../definition';

/** One value per item, written item by item by the demo's filler. */
export default defineCellDemo({ fill: 'items' });
