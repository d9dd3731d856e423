import { MEDAL_COLOURS, type MedalColour } from '../../core/views/types';
import { defineCellView } from '../definition';
import { MedalText } from '../MedalText';

const isMedalColour = (text: string): text is MedalColour => (MEDAL_COLOURS as readonly string[]).includes(text);

/** A dot in the medal's colour, its name for screen readers. */
export default defineCellView({
  Cell: ({ value }) =>
    isMedalColour(value.text) ? (
      <span className={`medal-dot medal-${value.text}`}>
        <span aria-hidden="true">●</span>
        <MedalText medal={value.text} />
      </span>
    ) : null,
});
