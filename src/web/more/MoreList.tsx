import { FormattedMessage } from '../i18n/intl';
import type { MoreItem } from '../../core/views/types';

/**
 * "More": the feed's values that no column, detail or legend of the plugin shows (issue 25), each
 * with its label, so nothing a feed sends is lost from view. In a row's details, or under a unit's
 * panel for what belongs to no row.
 */
export function MoreList({ items, unit = false }: { items: readonly MoreItem[]; unit?: boolean }) {
  if (items.length === 0) return null;
  const Heading = unit ? 'h3' : 'h4';
  return (
    <div className={unit ? 'feed-more feed-more-unit' : 'feed-more'}>
      <Heading className="feed-more-title">
        <FormattedMessage id="widget.more" />
      </Heading>
      <dl>
        {items.map(([label, value], i) => (
          <div key={`${label}|${i}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
