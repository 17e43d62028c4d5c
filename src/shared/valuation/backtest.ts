import type { BacktestInput, BacktestResult, TestedOutcome } from './backtest-rules';
import { figuresOf, marketNames } from './backtest-figures';
import { newestDate, testLeases, testSales } from './backtest-runs';

/**
 * The backtest (docs/accuracy.md): every sale and every lease that closed in the 12 months up to the
 * newest one, estimated as it would have been the day before it closed — comps that closed earlier
 * (itself excluded), the market model fitted on the months before its own — and compared with what
 * it really sold or leased for. Then, per market, the errors give the ranges' bounds
 * (split-conformal), measured on outcomes their calibration did not see, and the ratio study per
 * market, per ZIP and over all. Pure: the server reads the rows and stores what comes out.
 */

/** The whole backtest: `pause` is awaited every BACKTEST_RULES.chunk subjects. */
export async function runBacktest(
  input: BacktestInput,
  pause: () => Promise<void> = async () => undefined,
): Promise<BacktestResult & { outcomes: TestedOutcome[] }> {
  const names = marketNames([input.sales, input.leases]);
  const value = await testSales(input.sales, pause);
  await pause();
  const rent = await testLeases(input.leases, pause);
  const figures = [
    ...figuresOf('value', value.outcomes, value.tested, names),
    ...figuresOf('rent', rent.outcomes, rent.tested, names),
  ];
  return {
    salesAsOf: newestDate(input.sales),
    leasesAsOf: newestDate(input.leases),
    figures,
    counts: {
      value: { tested: value.tested.count, estimated: value.outcomes.length },
      rent: { tested: rent.tested.count, estimated: rent.outcomes.length },
    },
    outcomes: [...value.outcomes, ...rent.outcomes],
  };
}
