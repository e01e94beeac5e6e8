// Text for screen readers and search engines only (a page's h1, a form label next to an icon).
import { styled } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';

const VisuallyHidden = styled('span')(visuallyHidden);

export default VisuallyHidden;
