import { ReportList } from '../../components/ReportList';
import { FormattedMessage } from '../../i18n/intl';
import type { WidgetDefinition } from '../definition';

/** The PDF reports of a unit or an event (REPORT_LIST), named by src/web/data/reportList.ts. */
const reportList: WidgetDefinition = {
  accepts: (s) => Array.isArray(s.reports),
  render: (s) =>
    s.reports && s.reports.length > 0 ? (
      <ReportList entries={s.reports} />
    ) : (
      <p className="empty">
        <FormattedMessage id="common.noData" />
      </p>
    ),
};
export default reportList;
