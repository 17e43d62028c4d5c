/** What other modules use of rates: the background recomputer a rate or market change kicks. */
export { rateRecomputerFor, type RateRecomputer } from './recomputer';
