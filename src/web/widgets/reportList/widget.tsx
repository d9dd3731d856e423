import type { WidgetProps } from '../definition';
import { ReportList } from '../../components/ReportList';
import { FormattedMessage } from '../../i18n/intl';

/** The PDF reports of a unit or an event (REPORT_LIST), named by src/web/data/reportList.ts. */
export default function Reports({ section: s }: WidgetProps) {
  return s.reports && s.reports.length > 0 ? (
    <ReportList entries={s.reports} />
  ) : (
    <p className="empty">
      <FormattedMessage id="common.noData" />
    </p>
  );
}
