import { defineCellDemo } from '../definition';

/** The generator writes the competitor (its names, delegation and members) itself. */
export default defineCellDemo({ fill: 'generator' });
