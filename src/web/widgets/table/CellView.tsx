import { MEDAL_COLOURS, type CellValue, type MedalColour, type RichCell, type ViewColumn } from '../../../core/views';
import { useIntl } from '../../i18n/intl';
import { ImageButton } from '../ImageButton';

/**
 * One cell of a result table, drawn by the core's named cell for its column. Its links are plain
 * (a field has thousands): the table navigates them in the app (`useClientLinks`).
 */
export function CellView({ column, value: raw }: { column: ViewColumn; value: CellValue | undefined }) {
  if (raw === undefined || raw === '') return null;
  const value: RichCell = typeof raw === 'string' ? { text: raw } : raw;
  if (value.text === '') return null;
  switch (column.cell) {
    case 'rank':
      return (
        <span
          className={value.medal ? `cell-rank medal-rank medal-${value.medal}` : 'cell-rank'}
          title={value.equal ? '=' : undefined}
        >
          {value.medal ? <MedalText medal={value.medal} /> : null}
          {value.equal ? '=' : ''}
          {value.text}
        </span>
      );
    case 'name': {
      const content =
        value.short && value.short !== value.text ? (
          <>
            <span className="name-full">{value.text}</span>
            <span className="name-short" aria-hidden="true">
              {value.short}
            </span>
          </>
        ) : (
          value.text
        );
      return value.link ? (
        <a href={`/competitor/${encodeURIComponent(value.link)}`} className="cell-name">
          {content}
        </a>
      ) : (
        <span className="cell-name">{content}</span>
      );
    }
    case 'organisation':
      // Shown by name (the code is the link), or by code with the name beside it on wide screens.
      return (
        <a
          href={`/delegation/${encodeURIComponent(value.link ?? value.text)}`}
          title={value.title}
          className="cell-org"
        >
          {value.text}
          {value.title ? <span className="org-name hide-below-lg"> {value.title}</span> : null}
        </a>
      );
    case 'medal':
      return isMedalColour(value.text) ? (
        <span className={`medal-dot medal-${value.text}`}>
          <span aria-hidden="true">●</span>
          <MedalText medal={value.text} />
        </span>
      ) : null;
    case 'image':
      return <ImageButton src={value.text} label={column.label} />;
    case 'splits':
    case 'periods':
    case 'marks':
    case 'record':
      return (
        <span className={`cell-parts cell-${column.cell}`}>
          {(value.parts ?? [value.text]).map((part, i) => (
            <span key={i}>{part}</span>
          ))}
        </span>
      );
    default:
      return <>{value.text}</>;
  }
}

/** Class names of a column: its alignment and the breakpoint below which it hides. */
export function columnClass(column: ViewColumn): string {
  return [
    `align-${column.align ?? 'start'}`,
    column.hideBelow ? `hide-below-${column.hideBelow}` : '',
    `cell-kind-${column.cell}`,
  ]
    .filter(Boolean)
    .join(' ');
}

const isMedalColour = (text: string): text is MedalColour => (MEDAL_COLOURS as readonly string[]).includes(text);

/** The medal's name for assistive technology (the colour alone says nothing to a screen reader). */
function MedalText({ medal }: { medal: MedalColour }) {
  const intl = useIntl();
  return <span className="sr-only">{intl.formatMessage({ id: `medal.${medal}` })} </span>;
}
