export * from './types';
export { columnValues, sortRows, labelText, legendOf, type ViewContext } from './layout';
export { cellDefinition, projectCell, sortTypeOf } from './cells';
export { collatorFor, compareValues, timeSeconds, type SortType } from './compare';
export { elementName, namesOf } from './names';
export { documentCodeFor, firstRows, SERVER_TABLE_ROWS, WHOLE_TABLE_ROWS } from './project';
