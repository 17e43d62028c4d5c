/** The property feature's public surface: the latest 30-year rate, as the dashboard's staleness note reads it. */
export { latestFinancingRate } from './starting-what-if';
