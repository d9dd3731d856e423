import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import { InternalMessages } from '../../components/InternalMessages';
import { Link } from 'react-router';
import { importFormProblem, sendMedalImport, type MedalImportOutcome } from '../../components/medalImport';

/** What the answer area shows: the server's outcome, or the form's own problem before sending. */
type Shown = MedalImportOutcome | { kind: 'incomplete'; field: 'token' | 'content' } | { kind: 'unreadableFile' };

function Outcome({ shown }: { shown: Shown }) {
  switch (shown.kind) {
    case 'applied':
      return (
        <p className="notice notice-ok">
          <FormattedMessage id="internal.import.applied" values={{ count: shown.applied, id: shown.importId }} />{' '}
          <Link to="/internal/medal">
            <FormattedMessage id="internal.import.back" />
          </Link>
        </p>
      );
    case 'rejected':
      return (
        <div className="notice notice-error">
          <p>
            <FormattedMessage id="internal.import.rejected" />
          </p>
          <ul className="row-errors">
            {shown.rows.map((r, i) => (
              <li key={i}>
                <strong>
                  {r.row > 0 ? (
                    <FormattedMessage id="internal.import.row" values={{ row: r.row }} />
                  ) : (
                    <FormattedMessage id="internal.import.wholeFile" />
                  )}
                </strong>{' '}
                {r.message}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'unauthorised':
    case 'forbidden':
    case 'tooLarge':
      return (
        <p className="notice notice-error">
          <FormattedMessage id={`internal.import.${shown.kind}`} />
        </p>
      );
    case 'failed':
      return (
        <p className="notice notice-error">
          <FormattedMessage id="internal.import.failed" values={{ message: shown.message }} />
        </p>
      );
    case 'incomplete':
      return (
        <p className="notice notice-error">
          <FormattedMessage
            id={shown.field === 'token' ? 'internal.import.needToken' : 'internal.import.needContent'}
          />
        </p>
      );
    case 'unreadableFile':
      return (
        <p className="notice notice-error">
          <FormattedMessage id="internal.import.fileError" />
        </p>
      );
  }
}

const noSubscription = () => () => {};

/**
 * Imports medal corrections through POST /api/internal/medal/import. The admin token lives only in
 * this form's state (never in storage) and goes in the Authorization header, which a plain HTML
 * form cannot set: the form needs JavaScript, and says so without it.
 */
function Page() {
  const [token, setToken] = useState('');
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  // The button stays disabled until the page is hydrated, so a browser without JavaScript cannot
  // send the token anywhere.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const id = useId();

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setContent(await file.text());
      setShown(undefined);
    } catch {
      setShown({ kind: 'unreadableFile' });
    }
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = importFormProblem(token, content);
    if (problem) return setShown({ kind: 'incomplete', field: problem });
    setSending(true);
    setShown(undefined);
    try {
      setShown(await sendMedalImport(token, content));
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="internal-main" aria-labelledby="medal-import-title">
      <h1 id="medal-import-title">
        <FormattedMessage id="internal.import.title" />
      </h1>
      <p className="internal-actions">
        <Link to="/internal/medal">
          <FormattedMessage id="internal.import.back" />
        </Link>
      </p>
      <noscript>
        <p className="notice notice-error">
          <FormattedMessage id="internal.import.noscript" />
        </p>
      </noscript>
      <p id={`${id}-format`} className="page-intro">
        <FormattedMessage id="internal.import.format" />
      </p>
      <form method="post" className="import-form" onSubmit={(e) => void submit(e)} aria-describedby={`${id}-format`}>
        <label htmlFor={`${id}-token`}>
          <FormattedMessage id="internal.import.token" />
        </label>
        <input
          id={`${id}-token`}
          name="token"
          type="password"
          autoComplete="off"
          required
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-describedby={`${id}-token-help`}
        />
        <small id={`${id}-token-help`}>
          <FormattedMessage id="internal.import.tokenHelp" />
        </small>
        <label htmlFor={`${id}-file`}>
          <FormattedMessage id="internal.import.file" />
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => void chooseFile(e.target.files?.[0])}
        />
        <label htmlFor={`${id}-content`}>
          <FormattedMessage id="internal.import.content" />
        </label>
        <textarea
          id={`${id}-content`}
          name="content"
          rows={10}
          required
          spellCheck={false}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder={'organisation,gold,silver,bronze\nGDG,1,0,-1'}
        />
        <button type="submit" disabled={!hydrated || sending}>
          <FormattedMessage id={sending ? 'internal.import.sending' : 'internal.import.submit'} />
        </button>
      </form>
      <div role="status" aria-live="polite" className="import-outcome">
        {shown ? <Outcome shown={shown} /> : null}
      </div>
    </main>
  );
}

export function Component() {
  return (
    <InternalMessages>
      <Page />
    </InternalMessages>
  );
}
