// The page's content column: 1280 px wide at most, with a gutter that shrinks on phones.
import { styled } from '@mui/material/styles';

const Container = styled('div')(({ theme }) => ({
  width: '100%',
  maxWidth: 1280,
  marginInline: 'auto',
  paddingInline: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { paddingInline: theme.spacing(1.5) },
}));

export default Container;
