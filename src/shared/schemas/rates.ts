import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, Id } from './common';
import { NOT_BLANK } from './formats';

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

/** POST /admin/rates (Admin): a week's rate of a product; the same product and week is replaced. */
export const NewRate = Type.Object(
  {
    product: Type.String({ minLength: 1, maxLength: 60, pattern: NOT_BLANK }),
    rate: Type.Number({ exclusiveMinimum: 0, maximum: 30 }),
    asOf: Type.String({ minLength: 1, maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    source: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type NewRate = Static<typeof NewRate>;
