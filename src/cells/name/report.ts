import { defineCellReport } from '../definition';

/** The name in Chinese and English: a report serves both readers. */
export default defineCellReport({
  weight: 3,
  text: (values, context) => {
    const name = context.competitorName(values[0]);
    return [name.CHI, name.ENG].filter(Boolean).join(' ');
  },
});
