export * from './types';
export { projectTable, sortRows, labelText, legendOf, type ViewContext } from './table';
export { projectBracket } from './bracket';
export { projectPool } from './pool';
export { cellDefinition, projectCell, sortTypeOf } from './cells';
export { compareValues, timeSeconds, type SortType } from './compare';
export { elementName, namesOf } from './names';
export { projectView, documentCodeFor, firstRows, SERVER_TABLE_ROWS } from './project';
