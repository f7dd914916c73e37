export { LocationSelect } from './LocationSelect.tsx';
export { usePracticeLocations, fetchPracticeLocations, type StorageLocationRow } from './location.api.ts';
