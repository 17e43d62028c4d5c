/**
 * The notifications feature's public surface: the header's bell (with its list) and the alerts'
 * endpoints. The unsubscribe page is a route of its own, loaded lazily by app/router.tsx.
 */
export { NotificationBell, type NotificationBellProps } from './notification-bell';
export {
  notificationsApi,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from './notifications-api';
export { notificationLink, NOTIFICATIONS_POLL_MS, NOTIFICATIONS_TEXT, reasonText } from './notification-text';
