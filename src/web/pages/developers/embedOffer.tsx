/**
 * `/developers/embed/{name}`: the offer of one embed (the medal table's, a unit's), where the Embed
 * control below its page leads (embed/control.ts): the snippet to paste, in the page's language, a
 * preview of the embed, and the way back. Server HTML, so the snippet is there without scripts and
 * on the mirror (the export follows the control's link).
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { disciplineTree } from '../../data/codes';
import { sourceFor, type DataSource } from '../../data/source';
import { embedKind, fullPage } from '../../embed/kind';
import { EMBED_PREFIX } from '../../embed/marks';
import { embedSnippet, EMBED_INITIAL_HEIGHT } from '../../embed/snippet';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { pickText, type LocaleId } from '../../i18n/locale';
import { disciplineOf, eventOf } from '../../../core/rsc';
import { loaderLocale } from '../schedule/data';
import { readDescription } from './description';
import { useFrameTitle } from './frameTitle';
import { descriptionServer } from './guide';
import { DevelopersMessages } from './messages';

const notFound = () => new Response('Not Found', { status: 404 });

/**
 * A unit's name as its page titles it (unit/data.ts `unitTitle`: the schedule's name of the unit,
 * else its event's, else its code), read here from the documents themselves: importing the unit
 * page's module would split it out of the unit page's chunk, at its budget. A 404 for a code the
 * feed never sent.
 */
async function unitShown(data: DataSource, code: string, locale: LocaleId): Promise<string> {
  const [schedule, tree] = await Promise.all([
    data.document('SCHEDULE_DISCIPLINE', disciplineOf(code)),
    disciplineTree(data),
  ]);
  const unit = schedule?.units.find((u) => u.code === code);
  if (!unit && !(await data.document('DT_RESULT', code).catch(() => undefined))) throw notFound();
  const event = tree
    .find((d) => d.Discipline === code.slice(0, 3))
    ?.Events.find((e) => e.EventFullRsc === eventOf(code));
  const eventName = event
    ? { ENG: event.ENG_EventName, CHI: event.CHI_EventName, CHT: event.CHT_EventName }
    : undefined;
  return pickText(unit?.name, locale) || pickText(eventName, locale) || code;
}

export async function loader(args: LoaderFunctionArgs) {
  const name = args.params.name ?? '';
  const kind = embedKind(name);
  // The schedule's embed takes a day and a sport, which no page offers alone: the guide shows it.
  if (kind !== 'medals' && kind !== 'unit') throw notFound();
  const [description, shows] = await Promise.all([
    readDescription(args),
    kind === 'unit' ? unitShown(sourceFor(args.context, args.request), name, loaderLocale(args.request)) : undefined,
  ]);
  return {
    kind,
    name,
    // The public site's address, as the description gives it: the snippet is pasted elsewhere.
    server: descriptionServer(description) || new URL(args.request.url).origin,
    ...(shows ? { shows } : {}),
  };
}

function Offer() {
  const offer = useLoaderData<typeof loader>();
  const intl = useIntl();
  const locale = useLocale();
  const shows = offer.shows ?? intl.formatMessage({ id: 'medal.title' });
  const title = useFrameTitle(shows);
  const path = `${EMBED_PREFIX}${offer.name}?lang=${locale}`;
  return (
    <article className="dev-page" aria-labelledby="embed-offer-title">
      <h1 id="embed-offer-title">
        <FormattedMessage id="developers.offer.title" values={{ name: shows }} />
      </h1>
      <label className="embed-offer-code">
        <FormattedMessage id="embed.hint" />
        <textarea
          className="embed-snippet"
          readOnly
          rows={6}
          spellCheck={false}
          value={embedSnippet(new URL(path, offer.server), title)}
        />
      </label>
      <h2>
        <FormattedMessage id="developers.offer.preview" />
      </h2>
      {/* The site's own address: the preview is this site's embed wherever the page is served. */}
      <iframe className="embed-preview" src={path} title={title} loading="lazy" height={EMBED_INITIAL_HEIGHT} />
      <p>
        <a href={fullPage(offer.kind, offer.name, '', locale)}>
          <FormattedMessage id="developers.offer.back" values={{ name: shows }} />
        </a>
        {' · '}
        <a href="/developers#dev-embed">
          <FormattedMessage id="developers.offer.guide" />
        </a>
      </p>
    </article>
  );
}

export function Component() {
  return (
    <DevelopersMessages>
      <Offer />
    </DevelopersMessages>
  );
}
