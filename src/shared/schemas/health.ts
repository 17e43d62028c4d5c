import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common';

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

/** GET /healthz and GET /readyz. */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  state: StringEnum(STARTUP_STATES),
  progress: Nullable(StartupProgress),
});
export type Health = Static<typeof Health>;
