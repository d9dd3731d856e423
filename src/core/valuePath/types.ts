/** A parsed value path: `ExtendedResults.ExtendedResult[Type=PROGRESS][Pos=1].Value`. */
export interface ValuePath {
  readonly segments: readonly PathSegment[];
}

/** One step: an element or attribute name, then filters applied to what it selects. */
export interface PathSegment {
  readonly name: string;
  readonly filters: readonly PathFilter[];
}

/** `[2]` or `[-1]`: the item at that index among those one parent holds (negative counts from the end). */
export interface IndexFilter {
  readonly kind: 'index';
  readonly index: number;
}

/** `[Code=REACT_TIME&Pos=1]`: keep items whose attributes equal every value given (`Code=YC|RC`: either). */
export interface MatchFilter {
  readonly kind: 'match';
  readonly conditions: readonly MatchCondition[];
}

export interface MatchCondition {
  readonly attribute: string;
  readonly value: string;
}

export type PathFilter = IndexFilter | MatchFilter;

/** Thrown by `parseValuePath`; `position` is the 0-based offset where the parser gave up. */
export class ValuePathError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.name = 'ValuePathError';
    this.position = position;
  }
}
