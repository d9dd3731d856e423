import { FormattedMessage } from '../i18n/intl';
import { useLocale } from '../app/locale';

/**
 * A link to subscribe to a schedule in a calendar app (`/calendar/...ics`, served by the service):
 * its events move when the schedule changes, in the venue's time zone, in the page's language.
 */
export function CalendarLink({ kind, code }: { kind: 'delegation' | 'discipline'; code: string }) {
  const locale = useLocale();
  return (
    <p className="calendar-link">
      <a href={`/calendar/${kind}/${encodeURIComponent(code)}.ics?lang=${locale}`} type="text/calendar">
        <FormattedMessage id="calendar.subscribe" />
      </a>
    </p>
  );
}
