import { Badge, Button, Drawer, Popover } from 'antd';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import toast from 'react-hot-toast';
import type { AlertNotification } from '../../../shared/schemas/alerts';
import { errorMessage } from '../../api/base-query';
import { BellIcon } from '../../components/icons';
import { useWindowWidth } from '../../components/use-window-width';
import { BREAKPOINTS } from '../../constants';
import { NotificationList, NOTIFICATIONS_TITLE_ID } from './notification-list';
import { NOTIFICATIONS_POLL_MS, NOTIFICATIONS_TEXT } from './notification-text';
import { useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation, useNotificationsQuery } from './notifications-api';
import './notifications.css';

export interface NotificationBellProps {
  /**
   * Opens the property's popup on the map (app/shell/app-header.tsx: on the search page it selects the
   * property there; elsewhere it goes to the search page centred on it). Without it, choosing a
   * notification follows its link, `/app/search?property=<id>`.
   */
  onOpen?: (propertyId: string) => void;
}

/**
 * The header's bell: the unread count (polled every NOTIFICATIONS_POLL_MS while the tab is in front,
 * and asked again when it comes back) and, on click, the newest notifications in a popover (a drawer
 * on a phone). Choosing one marks it read and opens the property's popup on the map.
 */
export function NotificationBell({ onOpen }: NotificationBellProps) {
  const { data, isLoading, isError, refetch } = useNotificationsQuery(undefined, {
    pollingInterval: NOTIFICATIONS_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
  });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markAll] = useMarkAllNotificationsReadMutation();
  const [open, setOpen] = useState(false);
  const phone = useWindowWidth() < BREAKPOINTS.md;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const unread = data?.unread ?? 0;

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  // Opening moves focus into the panel (the popover is portalled to the end of the page).
  useEffect(() => {
    if (!open) return;
    const id = window.setTimeout(() => {
      const root = panel.current;
      const first = root?.querySelector<HTMLElement>('.dm-notification') ?? root?.querySelector<HTMLElement>('a, button');
      (first ?? root)?.focus();
    }, 0);
    return () => window.clearTimeout(id);
  }, [open, phone]);

  const onChoose = useCallback(
    (n: AlertNotification, e: MouseEvent) => {
      // A click that opens a new tab leaves this page (and the notification) as it is.
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      if (!n.read) {
        markRead(n._id)
          .unwrap()
          .catch((error: unknown) => toast.error(errorMessage(error, NOTIFICATIONS_TEXT.markFailed)));
      }
      close(false);
      // A listing that left Dealmap has no popup: the link goes to the pipeline.
      if (onOpen && n.propertyId !== null) {
        e.preventDefault();
        onOpen(n.propertyId);
      }
    },
    [markRead, onOpen, close],
  );

  const onMarkAllRead = useCallback(() => {
    markAllRead()
      .unwrap()
      .catch((error: unknown) => toast.error(errorMessage(error, NOTIFICATIONS_TEXT.markFailed)));
  }, [markAllRead]);

  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close(true);
    }
  };

  const markAllButton =
    unread > 0 ? (
      <Button size="small" type="link" onClick={onMarkAllRead} loading={markAll.isLoading}>
        {NOTIFICATIONS_TEXT.markAllRead}
      </Button>
    ) : null;

  const list = (
    <div
      ref={panel}
      className="dm-notifications-panel"
      tabIndex={-1}
      role={phone ? undefined : 'dialog'}
      aria-labelledby={phone ? undefined : NOTIFICATIONS_TITLE_ID}
      onKeyDown={onPanelKey}
      data-testid="notifications-panel"
    >
      <NotificationList
        notifications={data?.notifications}
        loading={isLoading}
        failed={isError}
        onRetry={() => void refetch()}
        onChoose={onChoose}
        action={phone ? null : markAllButton}
        heading={!phone}
        onLeave={() => close(false)}
      />
    </div>
  );

  const bell = (
    <Button
      ref={button}
      type="text"
      shape="circle"
      className="dm-bell"
      aria-label={NOTIFICATIONS_TEXT.bellLabel(unread)}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={phone ? () => setOpen((o) => !o) : undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close(true);
      }}
      data-testid="notification-bell"
    >
      <Badge count={unread} size="small" overflowCount={99} className="dm-bell-badge">
        <BellIcon size={20} />
      </Badge>
    </Button>
  );

  if (phone) {
    return (
      <>
        {bell}
        <Drawer
          open={open}
          placement="right"
          size="100%"
          title={NOTIFICATIONS_TEXT.title}
          extra={markAllButton}
          onClose={() => close(true)}
          rootClassName="dm-notifications-drawer"
          styles={{ body: { padding: 0 } }}
        >
          {list}
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      content={list}
      arrow={false}
      classNames={{ root: 'dm-notifications-popover' }}
    >
      {bell}
    </Popover>
  );
}
