// Moved to ui/ (stock, procedures, settings and reports all need a practice); kept here until every importer uses ui/.
export { PracticeRequired } from '../../ui/PracticeRequired.tsx';
