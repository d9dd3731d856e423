import type { MedalColour } from '../core/views/types';
import { useIntl } from '../web/i18n/intl';

/** The medal's name for assistive technology (the colour alone says nothing to a screen reader). */
export function MedalText({ medal }: { medal: MedalColour }) {
  const intl = useIntl();
  return <span className="sr-only">{intl.formatMessage({ id: `medal.${medal}` })} </span>;
}
