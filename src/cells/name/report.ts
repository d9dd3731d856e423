import { defineCellReport } from '../definition';

/** The name in the edition's Chinese and in English: a report serves both readers. */
export default defineCellReport({
  weight: 3,
  text: (values, context) => {
    const name = context.competitorName(values[0]);
    return [name.chinese, name.english].filter(Boolean).join(' ');
  },
});
