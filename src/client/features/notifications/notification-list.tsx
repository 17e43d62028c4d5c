import { Button, Spin } from 'antd';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import type { AlertNotification } from '../../../shared/schemas/alerts';
import {
  absoluteTimeText,
  cashOnCashText,
  notificationLink,
  NOTIFICATIONS_TEXT,
  PIPELINE_PATH,
  reasonText,
  relativeTimeText,
  SEARCH_PATH,
  sourceText,
} from './notification-text';

/** One notification: unread ones carry a dot, a tint and "Unread" for screen readers. */
function NotificationItem({ n, onChoose }: { n: AlertNotification; onChoose: (n: AlertNotification, e: MouseEvent) => void }) {
  // A "now pays" reason already says the cash-on-cash.
  const coc = n.cashOnCash !== null && n.reason !== 'now_pays' ? cashOnCashText(n.cashOnCash, n.strategy) : null;
  // A sale's and a new comp's price is in their reason's words.
  const price = n.price !== null && (n.reason === 'new' || n.reason === 'price_cut' || n.reason === 'now_pays') ? n.price : null;
  return (
    <li>
      <Link
        to={n.propertyId === null ? PIPELINE_PATH : notificationLink(n.propertyId)}
        className={`dm-notification${n.read ? '' : ' dm-notification-unread'}`}
        data-testid="notification"
        data-read={n.read}
        onClick={(e) => onChoose(n, e)}
      >
        <span className="dm-notification-dot" aria-hidden="true" />
        <span className="dm-notification-address">
          {n.read ? null : <span className="dm-visually-hidden">{NOTIFICATIONS_TEXT.unread}: </span>}
          {n.address}
        </span>
        <span className="dm-notification-details">
          <span className="dm-notification-reason">{reasonText(n)}</span>
          <span className="dm-notification-meta">
            {price === null ? null : <span>{formatCurrency(price)}</span>}
            {coc ? <span>{coc}</span> : null}
          </span>
          <span className="dm-notification-search">{sourceText(n)}</span>
        </span>
        <time className="dm-notification-time" dateTime={n.matchedAt} title={absoluteTimeText(n.matchedAt)}>
          {relativeTimeText(n.matchedAt)}
        </time>
      </Link>
    </li>
  );
}

export const NOTIFICATIONS_TITLE_ID = 'dm-notifications-title';

/** Arrow keys, Home and End move between the items (Tab does too). */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('.dm-notification'));
  const at = items.indexOf(document.activeElement as HTMLElement);
  let next = at;
  if (e.key === 'ArrowDown') next = Math.min(items.length - 1, at + 1);
  else if (e.key === 'ArrowUp') next = Math.max(0, at - 1);
  else if (e.key === 'Home') next = 0;
  else next = items.length - 1;
  e.preventDefault();
  items[next]?.focus();
}

export interface NotificationListProps {
  notifications: AlertNotification[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onChoose: (n: AlertNotification, e: MouseEvent) => void;
  /** "Mark all read", beside the heading. */
  action: ReactNode;
  /** Whether the heading and the action are shown here (the drawer has its own title bar). */
  heading: boolean;
  /** Called by the empty state's link (the panel closes). */
  onLeave: () => void;
}

/** The notifications panel: heading and action, the items, or the loading, error and empty states. */
export function NotificationList({
  notifications,
  loading,
  failed,
  onRetry,
  onChoose,
  action,
  heading,
  onLeave,
}: NotificationListProps) {
  let body;
  if (!notifications && loading) {
    body = (
      <div className="dm-notifications-state" role="status">
        <Spin size="small" /> <span>Loading…</span>
      </div>
    );
  } else if (!notifications && failed) {
    body = (
      <div className="dm-notifications-state" role="alert">
        <span>{NOTIFICATIONS_TEXT.loadFailed}</span>
        <Button size="small" onClick={onRetry}>
          {NOTIFICATIONS_TEXT.retry}
        </Button>
      </div>
    );
  } else if (!notifications || notifications.length === 0) {
    body = (
      <div className="dm-notifications-state dm-notifications-empty">
        <p>{NOTIFICATIONS_TEXT.empty}</p>
        <Link to={SEARCH_PATH} onClick={onLeave}>
          {NOTIFICATIONS_TEXT.openMap}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="dm-notifications-list" aria-label={NOTIFICATIONS_TEXT.title} onKeyDown={moveFocus}>
        {notifications.map((n) => (
          <NotificationItem key={n._id} n={n} onChoose={onChoose} />
        ))}
      </ul>
    );
  }
  return (
    <div className="dm-notifications">
      {heading ? (
        <div className="dm-notifications-head">
          <h2 className="dm-notifications-title" id={NOTIFICATIONS_TITLE_ID}>
            {NOTIFICATIONS_TEXT.title}
          </h2>
          {action}
        </div>
      ) : null}
      {body}
    </div>
  );
}
