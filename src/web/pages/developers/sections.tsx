/**
 * The developers' page after its list of paths: caching and conditional requests, reads from other
 * sites, the live channel, CSV downloads, embeds, and the data's licence and credit line. Prose in
 * the page's language; examples are code, made from the description's addresses (examples.ts).
 */
import type { ReactNode } from 'react';
import { MAX_CHANNELS } from '../../../core/live/channels';
import { EMBED_PREFIX } from '../../embed/marks';
import { medalTableCsvUrl } from '../../../core/csvLinks';
import { useLocale } from '../../app/locale';
import { FormattedMessage, useIntl, type MessageValues } from '../../i18n/intl';
import { conditionalExample, corsExample, liveExample, medalsEmbedExample } from './examples';
import { useFrameTitle } from './frameTitle';
import type { DevelopersGuide } from './guide';

export const Code = ({ children }: { children: ReactNode }) => <code>{children}</code>;

/** A text with `code` in backticks (the description's summaries), the code drawn as code. */
export const withCode = (text: string): ReactNode[] =>
  text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part));

/**
 * A block of code; focusable, as a reader scrolls a long line of it with the keyboard. `wrap`: for a
 * snippet to copy whole, shown whole.
 */
const Block = ({ children, wrap = false }: { children: string; wrap?: boolean }) => (
  <pre className={wrap ? 'dev-code dev-wrap' : 'dev-code'} tabIndex={0}>
    <code>{children}</code>
  </pre>
);

const CODE_TAG: MessageValues = { code: (parts) => <Code>{parts}</Code> };

function Section({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`dev-${id}`}>
      <h2 id={`dev-${id}`}>
        <FormattedMessage id={`developers.${id}.title`} />
      </h2>
      {children}
    </section>
  );
}

function Prose({ id, values }: { id: string; values?: MessageValues }) {
  return (
    <p>
      <FormattedMessage id={`developers.${id}.text`} values={{ ...CODE_TAG, ...values }} />
    </p>
  );
}

export function GuideSections({ guide }: { guide: DevelopersGuide }) {
  const intl = useIntl();
  const locale = useLocale();
  const { server, live, cors } = guide;
  const medalsCsv = `${server}${medalTableCsvUrl(locale)}`;
  const title = useFrameTitle(intl.formatMessage({ id: 'medal.title' }));
  return (
    <>
      <Section id="conditional">
        <Prose id="conditional" />
        {live ? <Block>{conditionalExample(live.document)}</Block> : null}
      </Section>
      {cors ? (
        <Section id="cors">
          <Prose id="cors" />
          <Block>{corsExample(cors)}</Block>
        </Section>
      ) : null}
      {live ? (
        <Section id="live">
          <Prose id="live" values={{ max: MAX_CHANNELS }} />
          <Block>{liveExample(live)}</Block>
        </Section>
      ) : null}
      <Section id="csv">
        <Prose id="csv" />
        <p>
          <a href={medalsCsv}>{medalsCsv}</a>
        </p>
      </Section>
      {server ? (
        <Section id="embed">
          <Prose
            id="embed"
            values={{
              unit: <Code>{`${EMBED_PREFIX}{unit}`}</Code>,
              schedule: <Code>{`${EMBED_PREFIX}schedule?date=&discipline=`}</Code>,
            }}
          />
          <Block wrap>{medalsEmbedExample(server, locale, title)}</Block>
        </Section>
      ) : null}
      {guide.licence ? (
        <Section id="licence">
          <Prose
            id="licence"
            values={{
              licence: guide.licence.url ? <a href={guide.licence.url}>{guide.licence.name}</a> : guide.licence.name,
            }}
          />
          {guide.attribution ? <blockquote className="dev-credit">{guide.attribution}</blockquote> : null}
        </Section>
      ) : null}
    </>
  );
}
