// The frame both cart pages share: the page title, two columns (the lines or the form, and the
// summary beside them; one column on phones and tablets) and the white card every block sits on.
import { styled } from '@mui/material/styles';

export const PageTitle = styled('h1')(({ theme }) => ({
  margin: theme.spacing(1, 0, 3),
  fontSize: 28,
  fontWeight: 700,
  lineHeight: 1.25,
  color: theme.palette.text.primary,
  '&:focus': { outline: 'none' },
  [theme.breakpoints.down('sm')]: { margin: theme.spacing(0.5, 0, 2), fontSize: 22 },
}));

export const Columns = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 360px',
  alignItems: 'start',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(6),
  [theme.breakpoints.down('md')]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.spacing(2) },
}));

export const Card = styled('section')(({ theme }) => ({
  padding: theme.spacing(3),
  borderRadius: 8,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& h2': { margin: theme.spacing(0, 0, 2), fontSize: 18, fontWeight: 700, lineHeight: 1.3 },
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
  // The summary stays in view beside a long list on wide screens.
  '&.sticky': { [theme.breakpoints.up('md')]: { position: 'sticky', top: theme.spacing(2) } },
}));
