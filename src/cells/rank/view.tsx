import { defineCellView } from '../definition';
import { MedalText } from '../MedalText';

export default defineCellView({
  Cell: ({ value }) => (
    <span
      className={value.medal ? `cell-rank medal-rank medal-${value.medal}` : 'cell-rank'}
      title={value.equal ? '=' : undefined}
    >
      {value.medal ? <MedalText medal={value.medal} /> : null}
      {value.equal ? '=' : ''}
      {value.text}
    </span>
  ),
});
