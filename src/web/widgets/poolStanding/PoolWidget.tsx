import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from 'react-router';
import type { PoolView } from '../../../core/views';
import { ResultTable } from '../table/ResultTable';

/** One group: its standing (the plugin's columns) and the matrix of its games. */
export function PoolWidget({ view, title }: { view: PoolView; title: string }) {
  const intl = useIntl();
  const { competitors, results } = view.matrix;
  const played = results.some((line) => line.some(Boolean));
  return (
    <div className="pool">
      <ResultTable view={view.table} label={title} />
      {played ? (
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={intl.formatMessage({ id: 'pool.matrix' }, { group: title })}
        >
          <table className="data-table pool-matrix">
            <caption>
              <FormattedMessage id="pool.matrix" values={{ group: title }} />
            </caption>
            <thead>
              <tr>
                <td />
                {competitors.map((c) => (
                  <th key={c.code} scope="col" title={c.name}>
                    {c.short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {competitors.map((c, i) => (
                <tr key={c.code}>
                  <th scope="row">{c.short}</th>
                  {competitors.map((o, j) => {
                    const cell = results[i]?.[j];
                    if (i === j) return <td key={o.code} className="pool-self" aria-label="—" />;
                    if (!cell) return <td key={o.code} />;
                    return (
                      <td key={o.code} className={cell.wlt ? `pool-${cell.wlt.toLowerCase()}` : undefined}>
                        {cell.unit ? <Link to={`/${cell.unit}`}>{cell.result}</Link> : cell.result}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
