/**
 * The property feature's public surface: GET /property/:id, which the map popup reads too (its max
 * offer is solved from the property's engine inputs). The page itself is loaded lazily by the router.
 */
export { usePropertyQuery } from './property-api';
