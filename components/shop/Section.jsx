// A storefront section: a <section> named by its h2 header, optionally on a white card.
import { useId } from 'react';
import { sharedStyled } from '../common/sharedStyles.js';
import SectionHeader from './SectionHeader.jsx';

const Wrapper = sharedStyled('section', (theme) => ({
  marginBlock: theme.spacing(5),
  [theme.breakpoints.down('sm')]: { marginBlock: theme.spacing(3.5) },
  '&.card': {
    padding: theme.spacing(3),
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
    [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
  },
}));

export default function Section({ title, icon, viewAll, card = false, className = '', children }) {
  const id = useId();
  return (
    <Wrapper aria-labelledby={id} className={`${card ? 'card ' : ''}${className}`.trim() || undefined}>
      <SectionHeader id={id} title={title} icon={icon} viewAll={viewAll} />
      {children}
    </Wrapper>
  );
}
