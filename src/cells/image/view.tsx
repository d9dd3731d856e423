import { ImageButton } from '../../web/widgets/ImageButton';
import { defineCellView } from '../definition';

/** A button that opens the image, named by its column. */
export default defineCellView({ Cell: ({ value, label }) => <ImageButton src={value.text} label={label} /> });
