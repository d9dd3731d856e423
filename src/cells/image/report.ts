import { defineCellReport } from '../definition';

/** A printed report has no images: the column is left out. */
export default defineCellReport({ weight: 0, text: () => '' });
