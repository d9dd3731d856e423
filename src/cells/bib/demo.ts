import { defineCellDemo } from '../definition';

export default defineCellDemo({ fill: 'value', value: ({ random }) => String(100 + random.int(1, 899)) });
