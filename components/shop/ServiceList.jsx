// Service blurbs: fast delivery, money guarantee, ... as icon, title and subtitle.
import { sharedStyled } from '../common/sharedStyles.js';
import { ServiceIcon } from '../common/icons.jsx';

const List = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: '1fr 1fr', gap: theme.spacing(1.25) },
  '& li': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    padding: theme.spacing(2),
    borderRadius: 8,
    background: theme.palette.background.paper,
    boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
    [theme.breakpoints.down('sm')]: { flexDirection: 'column', textAlign: 'center', padding: theme.spacing(1.5, 1) },
  },
  '& .icon': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 48,
    height: 48,
    borderRadius: '50%',
    color: theme.palette.primary.main,
    background: theme.palette.grey[100],
    '& svg': { fontSize: 26 },
  },
  '& .title': { margin: 0, fontSize: 15, fontWeight: 700, color: theme.palette.text.primary },
  '& .subtitle': { margin: 0, fontSize: 13, color: theme.palette.text.secondary },
}));

export default function ServiceList({ services }) {
  return (
    <List>
      {services.map((service) => (
        <li key={service.title}>
          <span className="icon">
            <ServiceIcon name={service.icon} />
          </span>
          <div>
            <p className="title">{service.title}</p>
            <p className="subtitle">
              {service.subtitle1 && service.subtitle2 ? `${service.subtitle1} ${service.subtitle2}` : service.subtitle}
            </p>
          </div>
        </li>
      ))}
    </List>
  );
}
