// The page's content column: 1280 px wide at most, with a gutter that shrinks on phones.
import { sharedStyled } from '../common/sharedStyles.js';

const Container = sharedStyled('div', (theme) => ({
  width: '100%',
  maxWidth: 1280,
  marginInline: 'auto',
  paddingInline: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { paddingInline: theme.spacing(1.5) },
}));

export default Container;
