export * from './types';
export * from './grammar';
export { parseValuePath, tryParseValuePath } from './parse';
export { printValuePath } from './print';
export { compileValuePath, accessorFor, scalarText, type ValueAccessor } from './compile';
