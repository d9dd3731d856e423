import { defineCellDemo } from '../definition';

/** The demo has no images to link. */
export default defineCellDemo({ fill: 'value', value: () => undefined });
