import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, Id } from './common';

/** One published mortgage rate (GET /rates/latest). */
export const Rate = Type.Object({
  _id: Id,
  product: Type.String(),
  /** Percent, e.g. 6.26. */
  rate: Type.Number(),
  /** From the product name through the loan-term helper. */
  termMonths: Type.Integer(),
  /** The survey week. */
  asOf: DateOnly,
  source: Type.String(),
});
export type Rate = Static<typeof Rate>;
