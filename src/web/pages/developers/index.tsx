/**
 * `/developers` (issue 49): what the open API offers, drawn from its OpenAPI description, in the
 * page's language. Its prose is its own (the `developers.` messages, a chunk of this page's: see
 * codegen/emit/messages.ts), so no other page loads it.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { loaderLocale } from '../schedule/data';
import { OPENAPI_PATH, readDescription } from './description';
import { developersGuide, type GuideGroup, type GuideRoute } from './guide';
import { DevelopersMessages } from './messages';
import { Code, GuideSections, withCode } from './sections';

/** The page keeps of the description only what it shows: not its schemas, nor the other two languages. */
export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const description = await readDescription(args);
  return developersGuide(description, loaderLocale(request));
}

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
  return (
    <DevelopersMessages>
      <Guide />
    </DevelopersMessages>
  );
}
