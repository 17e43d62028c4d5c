import type { NotificationsAnswer, UnsubscribeAnswer } from '../../../shared/schemas/alerts';
import { api, authCall, publicCall } from '../../api/base-api';

const NOTIFICATIONS = 'Notifications' as const;

/**
 * The in-app alerts (docs/investor-api.md, "Saved searches and alerts"): the newest notifications
 * with the unread count, marking them read, and the e-mail's one-click unsubscribe (public).
 * Marking read updates the cached answer at once (the bell's count drops before the server answers)
 * and then invalidates it, so the next read is the server's.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /auth/notifications: the newest 50 and how many are unread. */
    notifications: build.query<NotificationsAnswer, void>({
      query: () => authCall('/notifications'),
      providesTags: [NOTIFICATIONS],
    }),
    markNotificationRead: build.mutation<null, string>({
      query: (id) => authCall({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
            const item = draft.notifications.find((n) => n._id === id);
            if (item && !item.read) {
              item.read = true;
              draft.unread = Math.max(0, draft.unread - 1);
            }
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [NOTIFICATIONS],
    }),
    markAllNotificationsRead: build.mutation<null, void>({
      query: () => authCall({ url: '/notifications/read-all', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
            for (const item of draft.notifications) item.read = true;
            draft.unread = 0;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [NOTIFICATIONS],
    }),
    /** POST /alerts/unsubscribe: the signed token of an alert e-mail's link; no sign-in. */
    unsubscribe: build.mutation<UnsubscribeAnswer, string>({
      query: (token) => publicCall({ url: '/alerts/unsubscribe', method: 'POST', body: { token } }),
    }),
  }),
});

export const {
  useNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useUnsubscribeMutation,
} = notificationsApi;
