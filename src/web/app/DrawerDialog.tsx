import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { NavigationEntries } from './Navigation';
import type { ScheduleIndex } from '../../../schemas/api';

/**
 * The phone's side drawer: the navigation plus the schedule calendar (spec section 2). Its own chunk,
 * loaded when first opened: the dialog machinery is not part of any page's first load.
 */
export default function DrawerDialog({
  days,
  open,
  onOpenChange,
}: {
  /** The competition days of the schedule's index, for the drawer's calendar. */
  days: ScheduleIndex['days'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <Dialog.Title className="drawer-title">
            <FormattedMessage id="nav.menu" />
          </Dialog.Title>
          <nav className="drawer-nav" aria-label={intl.formatMessage({ id: 'nav.main' })}>
            <NavigationEntries onNavigate={close} />
          </nav>
          <h2 className="drawer-heading">
            <Link to="/scheduleMobile" onClick={close}>
              <FormattedMessage id="nav.calendar" />
            </Link>
          </h2>
          <ul className="drawer-calendar">
            {days.map((day) => (
              <li key={day.date}>
                <Link to={`/schedule/daily?date=${day.date}`} onClick={close}>
                  <span>{day.date.slice(5).replace('-', '/')}</span>
                  {day.medalUnits > 0 ? (
                    <small>
                      <FormattedMessage id="nav.medalEvents" values={{ count: day.medalUnits }} />
                    </small>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
          <Dialog.Close className="drawer-close" aria-label={intl.formatMessage({ id: 'nav.close' })}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
