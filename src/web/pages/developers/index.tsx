/**
 * `/developers` (issue 49): what the open API offers, drawn from its OpenAPI description, in the
 * page's language. Its prose is its own (the `developers.` messages, a chunk of this page's: see
 * codegen/emit/messages.ts), so no other page loads it.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import pageMessages from '../../../generated/messages/developers';
import { useLocale } from '../../app/locale';
import { getJson, sourceFor } from '../../data/source';
import { catalogue } from '../../i18n/catalogue';
import { FormattedMessage, IntlProvider, useIntl, type Catalogue } from '../../i18n/intl';
import { BCP47, requestLocale, type LocaleId } from '../../i18n/locale';
import { developersGuide, type GuideGroup, type GuideRoute } from './guide';
import { Code, GuideSections, withCode } from './sections';

/** Where the service answers its description (the API's own route). */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The page reads the description the API serves, through the data source: on the server the very
 * document /api/openapi.json answers (the route table's generator, made once per process), in the
 * browser that file (the source there has no such method: only this page's chunk has the fetch). So
 * the page cannot say what the API does not, and the route table stays the one source. It keeps only
 * what the page shows: not the description's schemas, nor the other two languages.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = sourceFor(context, request);
  const description = data.apiDescription
    ? await data.apiDescription()
    : await getJson(OPENAPI_PATH, request.signal, fetch);
  const cookie = request.headers.get('cookie') ?? (typeof document === 'undefined' ? undefined : document.cookie);
  return developersGuide(description, requestLocale(new URL(request.url), cookie));
}

/** The site's catalogue with this page's messages, one per language (the intl object is kept by it). */
const merged: Partial<Record<LocaleId, Catalogue>> = {};
const messagesOf = (locale: LocaleId): Catalogue =>
  (merged[locale] ??= { ...catalogue(locale), ...pageMessages[locale] });

function Route({ route }: { route: GuideRoute }) {
  return (
    <li>
      <p className="dev-summary">{withCode(route.summary)}</p>
      <p>
        <Code>{`${route.methods} ${route.path}`}</Code>
      </p>
      {route.example ? (
        <p>
          <FormattedMessage id="developers.example" /> <a href={route.example}>{route.example}</a>
        </p>
      ) : null}
      {route.caching ? (
        <p className="dev-caching">
          <Code>{`Cache-Control: ${route.caching.value}`}</Code>
        </p>
      ) : null}
      {route.caching?.official ? (
        <p className="dev-caching">
          <FormattedMessage id="developers.cachingOfficial" /> <Code>{route.caching.official}</Code>
        </p>
      ) : null}
    </li>
  );
}

function Group({ group }: { group: GuideGroup }) {
  const intl = useIntl();
  const id = `dev-tag-${group.tag}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{intl.formatMessage({ id: `developers.tag.${group.tag}`, defaultMessage: group.tag })}</h3>
      <ul className="dev-routes">
        {group.routes.map((route) => (
          <Route key={route.path} route={route} />
        ))}
      </ul>
    </section>
  );
}

function Guide() {
  const guide = useLoaderData<typeof loader>();
  const description = `${guide.server}${OPENAPI_PATH}`;
  return (
    <article className="dev-page" aria-labelledby="dev-title">
      <h1 id="dev-title">
        <FormattedMessage id="developers.title" />
      </h1>
      <p>
        <FormattedMessage
          id="developers.intro"
          values={{ link: (parts) => <a href={description}>{parts}</a>, code: (parts) => <Code>{parts}</Code> }}
        />
      </p>
      <p>
        <a href={description}>{description}</a>
      </p>
      <section aria-labelledby="dev-routes">
        <h2 id="dev-routes">
          <FormattedMessage id="developers.routes" />
        </h2>
        <p>
          <FormattedMessage id="developers.routesHint" />
        </p>
        {guide.groups.map((group) => (
          <Group key={group.tag} group={group} />
        ))}
      </section>
      <GuideSections guide={guide} />
    </article>
  );
}

export function Component() {
  const locale = useLocale();
  return (
    <IntlProvider locale={BCP47[locale]} messages={messagesOf(locale)}>
      <Guide />
    </IntlProvider>
  );
}
