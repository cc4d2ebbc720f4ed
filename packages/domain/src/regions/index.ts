// @tend/domain/regions: is the visitor in a region the service serves? GET /regions once per visit (kept for
// the visit), the redirect to /regionerror, a development-only simulated country, and the region-error words
// with where help is instead.
export {
  REGION_ERROR_PATH,
  checkRegion,
  simulatedCountry,
  watchRegion,
  type RegionRouter,
} from './region.ts';
export { RegionError, RegionHelp } from './RegionHelp.tsx';
