import { defineCellDemo } from '../definition';

export default defineCellDemo({ fill: 'value', value: ({ row }) => row.irm });
