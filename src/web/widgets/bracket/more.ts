import type { BracketMatch, MoreItem } from '../../../core/views/types';

/**
 * A match with the feed values of its BracketItem that no layout shows (issue 25), kept beside the
 * shared BracketMatch fields so the bracket's projection and renderer alone carry it.
 */
export type MatchWithMore = BracketMatch & { readonly more?: readonly MoreItem[] };

/** A match's "More", when the projection found any. */
export const moreOf = (match: MatchWithMore): readonly MoreItem[] | undefined => match.more;
