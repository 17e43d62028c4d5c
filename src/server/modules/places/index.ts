/** Our geocoding of the listings' places: rebuilt after bulk writes, answered by GET /geocode. */
export { refreshPlaces } from './repository';
export { placesRoutes } from './routes';
