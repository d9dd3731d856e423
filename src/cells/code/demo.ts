import { defineCellDemo } from '../definition';

/** The generator writes the coded element (an official with its Function) from the examples: nothing to make up. */
export default defineCellDemo({ fill: 'generator' });
