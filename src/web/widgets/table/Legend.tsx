import { FormattedMessage } from '../../i18n/intl';
import type { ViewLegendEntry } from '../../../core/views';

/** The legend under a table: only the marks that appear (and those the plugin flags `often`). */
export function Legend({ entries }: { entries: readonly ViewLegendEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="legend" aria-labelledby="legend-title">
      <h2 id="legend-title">
        <FormattedMessage id="widget.legend" />
      </h2>
      <dl>
        {entries.map((entry) => (
          <div key={entry.title}>
            <dt>{entry.title}</dt>
            <dd>{entry.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
