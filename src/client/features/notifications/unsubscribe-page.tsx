import { Result, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { UnsubscribeAnswer } from '../../../shared/schemas/alerts';
import { errorMessage } from '../../api/base-query';
import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../components/document-title';
import { loginWithReturn, selectToken } from '../session';
import { useUnsubscribeMutation } from './notifications-api';
import './notifications.css';

export const UNSUBSCRIBE_TEXT = {
  documentTitle: 'Unsubscribe',
  working: 'Turning the alerts off…',
  unsubscribed: (name: string) => `Alerts for "${name}" are off.`,
  unsubscribedDetail: 'You will not get e-mails for this search.',
  alreadyOff: (name: string) => `Alerts for "${name}" were already off.`,
  alreadyOffDetail: 'Nothing changed: this search sends no e-mails.',
  failed: 'These alerts could not be turned off',
  failedFallback: 'The unsubscribe link could not be checked. Try again later, or turn the alerts off on your dashboard.',
  noToken: 'This unsubscribe link is incomplete',
  noTokenDetail:
    'It carries no token. Open the link from the alert e-mail again (all of it), or sign in and turn the alerts off on your dashboard.',
  signIn: 'Sign in',
  dashboard: 'Open the dashboard',
} as const;

type Outcome = { answer: UnsubscribeAnswer } | { error: string };

/** The result's title as the page's heading. */
const Title = ({ children }: { children: ReactNode }) => <h1 className="dm-unsubscribe-title">{children}</h1>;

/**
 * /unsubscribe?token=… (public; the link and the one-click POST of an alert e-mail): POSTs the token
 * once, then says whether the search's alerts are now off, were off already, or why not (the
 * server's message). Without a token it says so and asks nothing of the server.
 */
export function UnsubscribePage() {
  useDocumentTitle(UNSUBSCRIBE_TEXT.documentTitle);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const signedIn = useAppSelector(selectToken) !== null;
  const [unsubscribe] = useUnsubscribeMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Once per token, though development's strict mode runs effects twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    unsubscribe(token)
      .unwrap()
      .then(
        (answer) => setOutcome({ answer }),
        (error: unknown) => setOutcome({ error: errorMessage(error, UNSUBSCRIBE_TEXT.failedFallback) }),
      );
  }, [token, unsubscribe]);

  const next = signedIn ? (
    <Link to="/app">{UNSUBSCRIBE_TEXT.dashboard}</Link>
  ) : (
    <Link to={loginWithReturn('/app')}>{UNSUBSCRIBE_TEXT.signIn}</Link>
  );
  const links = <div className="dm-unsubscribe-links">{next}</div>;

  let content;
  if (!token) {
    content = (
      <Result
        status="error"
        title={<Title>{UNSUBSCRIBE_TEXT.noToken}</Title>}
        subTitle={UNSUBSCRIBE_TEXT.noTokenDetail}
        extra={links}
      />
    );
  } else if (!outcome) {
    content = (
      <div className="dm-page-loading" role="status">
        <Spin />
        <span>{UNSUBSCRIBE_TEXT.working}</span>
      </div>
    );
  } else if ('error' in outcome) {
    content = <Result status="error" title={<Title>{UNSUBSCRIBE_TEXT.failed}</Title>} subTitle={outcome.error} extra={links} />;
  } else if (outcome.answer.status === 'unsubscribed') {
    content = (
      <Result
        status="success"
        title={<Title>{UNSUBSCRIBE_TEXT.unsubscribed(outcome.answer.searchName)}</Title>}
        subTitle={UNSUBSCRIBE_TEXT.unsubscribedDetail}
        extra={links}
      />
    );
  } else {
    content = (
      <Result
        status="info"
        title={<Title>{UNSUBSCRIBE_TEXT.alreadyOff(outcome.answer.searchName)}</Title>}
        subTitle={UNSUBSCRIBE_TEXT.alreadyOffDetail}
        extra={links}
      />
    );
  }
  return (
    <div className="dm-auth-page dm-unsubscribe-page" aria-live="polite" data-testid="unsubscribe">
      {content}
    </div>
  );
}

export default UnsubscribePage;
