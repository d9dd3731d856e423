import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import englishCatalogue from '../../src/generated/messages/en_US';
import { DataTable, type DataColumn } from '../../src/web/components/DataTable';
import { IntlProvider } from '../../src/web/i18n/intl';

const html = (node: React.ReactNode) =>
  renderToString(
    <IntlProvider locale="en-US" messages={englishCatalogue}>
      {node}
    </IntlProvider>,
  );

interface Row {
  code: string;
  gold: number;
}
const rows: Row[] = [
  { code: 'GDG', gold: 3 },
  { code: 'SHH', gold: 1 },
];
const columns: DataColumn<Row>[] = [
  { header: 'medal.delegation', rowHeader: true, cell: (r) => r.code },
  { header: 'medal.gold', className: 'hide-narrow', headerClassName: 'medal-head', cell: (r) => r.gold },
];

describe('DataTable', () => {
  it('draws a header row of messages, a row header per row and the cells in column order', () => {
    const markup = html(<DataTable rows={rows} columns={columns} rowKey={(r) => r.code} className="medal-table" />);
    expect(markup).toMatch(/^<table class="data-table medal-table">/);
    expect(markup).toContain('<th scope="col">Delegation</th><th scope="col" class="medal-head hide-narrow">Gold</th>');
    expect(markup).toContain('<tr><th scope="row">GDG</th><td class="hide-narrow">3</td></tr>');
    expect([...markup.matchAll(/<tr>/g)]).toHaveLength(3);
  });

  it('has no header row when no column has a header, and scrolls in its own box when asked', () => {
    const bare = columns.map(({ cell }) => ({ cell }));
    const markup = html(<DataTable rows={rows} columns={bare} rowKey={(r) => r.code} scroll />);
    expect(markup).not.toContain('<thead>');
    expect(markup).toMatch(/^<div class="table-scroll"><table class="data-table"><tbody>/);
  });

  it('says there is no data instead of drawing an empty table, or shows what the page gives', () => {
    expect(html(<DataTable rows={[]} columns={columns} rowKey={(r) => r.code} />)).toBe(
      '<p class="empty">No data yet</p>',
    );
    expect(html(<DataTable rows={[]} columns={columns} rowKey={(r) => r.code} empty={<b>none</b>} />)).toBe(
      '<b>none</b>',
    );
  });
});
