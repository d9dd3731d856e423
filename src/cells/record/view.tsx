import { partsView } from '../views';

export default partsView;
