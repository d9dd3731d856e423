/**
 * The value-path grammar, written once as regular-expression parts that the parser uses token by
 * token and the JSON Schema uses whole (so editors flag a bad path before the parser runs).
 *
 *   path      := segment ('.' segment)*
 *   segment   := name filter*
 *   filter    := '[' ( index | condition ('&' condition)* ) ']'
 *   index     := '-'? digit{1,4}
 *   condition := name '=' value
 *   name      := [A-Za-z_][A-Za-z0-9_]*
 *   value     := any run of characters except whitespace, '[', ']', '=', '&'; '|' separates
 *                alternatives (`Code=YC|RC` keeps items whose Code is either)
 */
export const NAME_SOURCE = '[A-Za-z_][A-Za-z0-9_]*';
export const VALUE_SOURCE = '[^\\s\\[\\]=&]+';
export const INDEX_SOURCE = '-?[0-9]{1,4}';

const CONDITION_SOURCE = `${NAME_SOURCE}=${VALUE_SOURCE}`;
const FILTER_SOURCE = `\\[(?:${INDEX_SOURCE}|${CONDITION_SOURCE}(?:&${CONDITION_SOURCE})*)\\]`;
const SEGMENT_SOURCE = `${NAME_SOURCE}(?:${FILTER_SOURCE})*`;

/** Anchored pattern of a whole value path (used by the JSON Schema). */
export const VALUE_PATH_PATTERN = `^${SEGMENT_SOURCE}(?:\\.${SEGMENT_SOURCE})*$`;

/** Longest value path accepted: paths are short by nature, and a bound keeps parsing cheap. */
export const VALUE_PATH_MAX_LENGTH = 256;
