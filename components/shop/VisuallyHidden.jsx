// Text for screen readers and search engines only (a page's h1, a form label next to an icon).
import { sharedStyled } from '../common/sharedStyles.js';
import visuallyHidden from '@mui/utils/visuallyHidden';

const VisuallyHidden = sharedStyled('span', visuallyHidden);

export default VisuallyHidden;
