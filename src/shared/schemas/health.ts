import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common';
import { ListingFeedStatus } from './listing-feed';

/**
 * Where the server is in its start: `starting` (migrating), `seeding` (the demo data set of a first
 * start, or finishing one a crash interrupted), `computing` (comps and results of listings a crash
 * left without them), `ready`.
 */
export const STARTUP_STATES = ['starting', 'seeding', 'computing', 'ready'] as const;
export type StartupState = (typeof STARTUP_STATES)[number];

export const StartupProgress = Type.Object({
  /** What is being done, for a person ("Loading demo listings"). */
  step: Type.String(),
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type StartupProgress = Static<typeof StartupProgress>;

/** The MLS listing feed's state as /healthz reports it: the admin screen's status without the runs. */
export const ListingFeedHealth = Type.Omit(ListingFeedStatus, ['runs']);
export type ListingFeedHealth = Static<typeof ListingFeedHealth>;

/** GET /healthz (and, but for `stopping`, GET /readyz). */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  state: StringEnum(STARTUP_STATES),
  progress: Nullable(StartupProgress),
  /**
   * GET /healthz only: the listing feed (`state` 'off' without RESO_API_URL). A failing feed is
   * reported here and leaves /healthz 200: the process is alive.
   */
  listingFeed: Type.Optional(ListingFeedHealth),
});
export type Health = Static<typeof Health>;

/**
 * GET /readyz's states: the start's, and `stopping` from the moment the server is told to stop
 * (SIGTERM): it still answers while load balancers take it out, then drains (docs/deploy.md, "Upgrading").
 */
export const READINESS_STATES = [...STARTUP_STATES, 'stopping'] as const;
export type ReadinessState = (typeof READINESS_STATES)[number];

/** GET /readyz: /healthz's answer without the listing feed, its state possibly `stopping`. */
export const Readiness = Type.Object({
  status: Type.Literal('ok'),
  state: StringEnum(READINESS_STATES),
  progress: Nullable(StartupProgress),
});
export type Readiness = Static<typeof Readiness>;
