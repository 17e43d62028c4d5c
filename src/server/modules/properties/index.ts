/** The property reads other modules share: the messages about a property id. */
export { PROPERTY_MESSAGES } from './routes';
/** The search's filter rules against a saved search's columns (the alerts' matcher). */
export { savedSearchMatchSql, savedStrategyCocSql } from './search-scan';
/** A property and its comps as GET /property/:id and /property/comps answer them (a shared report's). */
export { findComps, findProperty } from './property-reads';
export { withEstimateRanges, type Calibrations } from './estimate-ranges';
