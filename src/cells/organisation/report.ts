import { defineCellReport } from '../definition';

/** The delegation's Chinese name and its code. */
export default defineCellReport({
  weight: 2,
  text: (values, context) => {
    const code = values[0];
    return typeof code === 'string' ? `${context.delegationName(code) ?? code} ${code}` : '';
  },
});
