import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Id, Nullable, StringEnum } from './common';
import { NOT_BLANK } from './formats';
import { MapBounds } from './geo';
import { PIPELINE_STAGES, WATCH_REASONS } from '../pipeline';
import { FILTER_PARAM_NAMES } from '../search-filters';
import { ALERT_FREQUENCIES, ALERT_REASONS, SEARCH_SORTS, SORT_ORDERS } from '../vocabulary';

/** Saved searches and their alerts (issue 28; docs/investor-api.md, "Saved searches and alerts"). */

/** The most saved searches a user keeps. */
export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_NAME_MAX = 100;

/** The search page's state a saved search restores: its filters, sort and view, as the URL carries them. */
const SavedSearchQuery = Type.Object(
  {
    ...Object.fromEntries(FILTER_PARAM_NAMES.map((name) => [name, Type.Optional(Type.String({ maxLength: 100 }))])),
    sort: Type.Optional(StringEnum(SEARCH_SORTS)),
    order: Type.Optional(StringEnum(SORT_ORDERS)),
  },
  { additionalProperties: false },
);

/** A saved search as the API sends it. */
export const SavedSearch = Type.Object({
  _id: Id,
  name: Type.String(),
  /** The view it watches. */
  bounds: MapBounds,
  /** The place searched for, when the view came from one. */
  place: Nullable(Type.String()),
  /** Filters, sort and strategy as the search page's query parameters. */
  query: Type.Record(Type.String(), Type.String()),
  alert: StringEnum(ALERT_FREQUENCIES),
  /** Matches found since the user last opened it (or its notifications). */
  newCount: Type.Integer({ minimum: 0 }),
  lastViewedAt: DateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type SavedSearch = Static<typeof SavedSearch>;

/** POST /auth/saved-searches: the view, filters and sort of the search page, a name and the alert setting. */
export const NewSavedSearch = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SAVED_SEARCH_NAME_MAX, pattern: NOT_BLANK }),
    bounds: MapBounds,
    place: Type.Optional(Type.String({ maxLength: 300 })),
    query: Type.Optional(SavedSearchQuery),
    alert: Type.Optional(StringEnum(ALERT_FREQUENCIES)),
  },
  { additionalProperties: false },
);
export type NewSavedSearch = Static<typeof NewSavedSearch>;

/** PATCH /auth/saved-searches/:id: rename, change the alert, or replace the view and filters. */
export const SavedSearchChanges = Type.Partial(NewSavedSearch, { additionalProperties: false, minProperties: 1 });
export type SavedSearchChanges = Static<typeof SavedSearchChanges>;

/** Why a notification came: a saved search's reasons, then a watched pipeline deal's. */
export const NOTIFICATION_REASONS = [...ALERT_REASONS, ...WATCH_REASONS.filter((r) => r !== 'price_cut')] as const;
export type NotificationReason = (typeof NOTIFICATION_REASONS)[number];

/**
 * A listing a saved search newly matched, or news of a watched pipeline deal's listing (issue 40): a
 * notification in the app; a saved search's is also a line of an alert e-mail.
 */
export const AlertNotification = Type.Object({
  _id: Id,
  /** The saved search that matched; null for a pipeline deal's news. */
  searchId: Nullable(Id),
  searchName: Nullable(Type.String()),
  /** The pipeline deal whose listing it is, and its stage; null for a saved search's. */
  dealId: Nullable(Id),
  stage: Nullable(StringEnum(PIPELINE_STAGES)),
  /** Null once the listing left Dealmap (a watched deal's that sold or was removed). */
  propertyId: Nullable(Id),
  address: Type.String(),
  reason: StringEnum(NOTIFICATION_REASONS),
  /** The list price when matched (for a cut, the new price; a new comp's or a sale's, the sold price); null when unknown. */
  price: Nullable(Type.Number()),
  /** The price before the cut; null for the other reasons. */
  previousPrice: Nullable(Type.Number()),
  /** The cash-on-cash of the search's strategy when matched, percent; null without a strategy or a figure. */
  cashOnCash: Nullable(Type.Number()),
  strategy: Nullable(Type.String()),
  /** A status change's new status (Pending, Withdrawn, Sold, Removed…). */
  status: Nullable(Type.String()),
  /** A new comp's address. */
  compAddress: Nullable(Type.String()),
  matchedAt: DateTime,
  read: Type.Boolean(),
});
export type AlertNotification = Static<typeof AlertNotification>;

/** GET /auth/notifications: the newest notifications and how many are unread. */
export const NotificationsAnswer = Type.Object({
  notifications: Type.Array(AlertNotification),
  unread: Type.Integer({ minimum: 0 }),
});
export type NotificationsAnswer = Static<typeof NotificationsAnswer>;

/** POST /alerts/unsubscribe (no sign-in): the signed token of an alert e-mail's unsubscribe link. */
export const UnsubscribeBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type UnsubscribeBody = Static<typeof UnsubscribeBody>;

/** What unsubscribing did: turned the search's alerts off now, or found them off already. */
export const UnsubscribeAnswer = Type.Object({
  status: StringEnum(['unsubscribed', 'already-unsubscribed'] as const),
  searchName: Type.String(),
});
export type UnsubscribeAnswer = Static<typeof UnsubscribeAnswer>;
