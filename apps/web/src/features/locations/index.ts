export { LocationSelect } from './LocationSelect.tsx';
export { usePracticeLocations, fetchPracticeLocations, fetchStorageLocation, type StorageLocationRow } from './location.api.ts';
