import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';

/**
 * Feed coverage for sport editors (issue 25 item 2): GET /api/internal/coverage as tables per sport
 * and message type, what is under "More" first. An internal tool in English, like the command it
 * mirrors (`npm run coverage`); the admin token lives only in this form's state and goes in the
 * Authorization header, so the page needs JavaScript.
 */

/** The parts of the report this page draws (src/server/coverage/report.ts has the whole shape). */
interface Shown {
  readonly layout: string;
  readonly part: string;
  readonly id?: string;
}
interface Value {
  readonly signature: string;
  readonly status: 'read' | 'hidden' | 'more';
  readonly reason?: string;
  readonly count: number;
  readonly messages: number;
  readonly example: { readonly code: string; readonly messageId: number; readonly value: string };
  readonly shownBy?: readonly Shown[];
}
interface Type {
  readonly type: string;
  readonly readBy: 'layouts' | 'core';
  readonly layouts: readonly string[];
  readonly messages: number;
  readonly example: { readonly code: string; readonly messageId: number };
  readonly values: readonly Value[];
}
export interface Report {
  readonly messages: number;
  readonly sports: readonly { sport: string; plugin: boolean; error?: string; types: readonly Type[] }[];
}

type State =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'done'; report: Report };

const isReport = (value: unknown): value is Report =>
  typeof value === 'object' && value !== null && Array.isArray((value as { sports?: unknown }).sports);

async function fetchReport(token: string, sport: string): Promise<State> {
  const query = sport.trim() ? `?sport=${encodeURIComponent(sport.trim().toUpperCase())}` : '';
  try {
    const response = await fetch(`/api/internal/coverage${query}`, {
      headers: { Authorization: `Bearer ${token.trim()}` },
      // Never from or into the HTTP cache, and no cookies: the token is the only credential.
      cache: 'no-store',
      credentials: 'omit',
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok && isReport(body)) return { kind: 'done', report: body };
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    return { kind: 'failed', message: `${response.status}: ${typeof message === 'string' ? message : 'no report'}` };
  } catch (error) {
    return { kind: 'failed', message: `network error: ${(error as Error).message}` };
  }
}

const shownText = (v: Value): string =>
  v.status === 'hidden'
    ? (v.reason ?? '')
    : (v.shownBy ?? []).map((s) => `${s.layout}: ${s.part}${s.id ? ` ${s.id}` : ''}`).join('; ');

function TypeTable({ sport, type }: { sport: string; type: Type }) {
  const example = `${type.example.code} (#${type.example.messageId})`;
  if (type.readBy === 'core')
    return (
      <p>
        <strong>{type.type}</strong>
        {`: ${type.messages} messages, e.g. ${example}; read by the site's core (derived documents), no layout.`}
      </p>
    );
  return (
    <table className="data-table coverage-table">
      <caption>{`${sport} ${type.type}: ${type.messages} messages, e.g. ${example}; layouts: ${type.layouts.join(', ')}`}</caption>
      <thead>
        <tr>
          {['Value', 'Status', 'Count', 'Messages', 'Example', 'Shown by / reason'].map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {type.values.map((v) => (
          <tr key={v.signature}>
            <th scope="row">
              <code>{v.signature}</code>
            </th>
            <td>{v.status === 'more' ? 'More' : v.status}</td>
            <td>{v.count}</td>
            <td>{v.messages}</td>
            <td>{`${v.example.code} (#${v.example.messageId}) "${v.example.value}"`}</td>
            <td>{shownText(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The report's tables, a section per sport. */
export function CoverageTables({ report, idPrefix }: { report: Report; idPrefix: string }) {
  return (
    <>
      {report.sports.map((s) => (
        <section key={s.sport} aria-labelledby={`${idPrefix}-${s.sport}`}>
          <h2 id={`${idPrefix}-${s.sport}`}>
            {s.sport}
            {s.plugin ? '' : ' (no plugin: the default one)'}
          </h2>
          {s.error ? <p className="notice notice-error">{s.error}</p> : null}
          {s.types.map((t) => (
            <TypeTable key={t.type} sport={s.sport} type={t} />
          ))}
        </section>
      ))}
    </>
  );
}

const noSubscription = () => () => {};

export function Component() {
  const [token, setToken] = useState('');
  const [sport, setSport] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  // Disabled until hydrated: a browser without JavaScript cannot send the token anywhere.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const id = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token.trim()) return setState({ kind: 'failed', message: 'the admin token is needed' });
    setState({ kind: 'loading' });
    setState(await fetchReport(token, sport));
  };
  return (
    <main className="internal-main" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Feed coverage</h1>
      <p className="page-intro">
        Every kind of value the latest stored message of each document carries, and whether the sport&apos;s plugin
        shows it: under &quot;More&quot; (no layout shows it), hidden on purpose, or shown (by which tab or page).
      </p>
      <form method="post" className="import-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-token`}>Admin token</label>
        <input
          id={`${id}-token`}
          type="password"
          autoComplete="off"
          required
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <label htmlFor={`${id}-sport`}>Sport code (all when empty)</label>
        <input id={`${id}-sport`} maxLength={3} value={sport} onChange={(e) => setSport(e.target.value)} />
        <button type="submit" disabled={!hydrated || state.kind === 'loading'}>
          {state.kind === 'loading' ? 'Reading the message log…' : 'Show coverage'}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {state.kind === 'failed' ? <p className="notice notice-error">{state.message}</p> : null}
        {state.kind === 'done' && state.report.messages === 0 ? <p>The message log holds no stored message.</p> : null}
      </div>
      {state.kind === 'done' ? <CoverageTables report={state.report} idPrefix={id} /> : null}
    </main>
  );
}
