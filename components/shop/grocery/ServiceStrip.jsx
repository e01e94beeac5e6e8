// The shop's promises (delivery, money back, secure payment, support) in one white strip under
// the banner, each with its icon, title and one or two lines: grocery2's records carry
// subtitle1 and subtitle2, the others a single subtitle. Two by two on a phone.
import { sharedStyled } from '../../common/sharedStyles.js';
import { ServiceIcon } from '../../common/icons.jsx';

const Strip = sharedStyled('ul', (theme) => ({
  listStyle: 'none',
  margin: theme.spacing(3, 0),
  padding: theme.spacing(1, 0),
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  borderRadius: 10,
  background: theme.palette.background.paper,
  boxShadow: '0 1px 3px rgba(3, 0, 71, 0.09)',
  '& li': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    padding: theme.spacing(1.5, 2.5),
  },
  '& li + li': { borderInlineStart: `1px solid ${theme.palette.grey[200]}` },
  '& .icon': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 48,
    height: 48,
    borderRadius: '50%',
    color: theme.palette.success.main,
    background: '#E9F6EC',
    '& svg': { fontSize: 26 },
  },
  '& p': { margin: 0, fontSize: 13, lineHeight: 1.45, color: theme.palette.text.secondary },
  '& .title': { fontSize: 15, fontWeight: 700, color: theme.palette.text.primary },
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: '1fr 1fr',
    padding: 0,
    '& li': { flexDirection: 'column', alignItems: 'flex-start', gap: theme.spacing(1), padding: theme.spacing(1.5) },
    '& li + li': { borderInlineStart: 0 },
    '& li:nth-of-type(even)': { borderInlineStart: `1px solid ${theme.palette.grey[200]}` },
    '& li:nth-of-type(n+3)': { borderTop: `1px solid ${theme.palette.grey[200]}` },
    '& .icon': { width: 40, height: 40, '& svg': { fontSize: 22 } },
    '& .title': { fontSize: 14 },
    '& p': { fontSize: 12 },
  },
}));

/** services: [{icon, title, subtitle, subtitle1?, subtitle2?}]; label names the list. */
export default function ServiceStrip({ services, label = 'Our services' }) {
  return (
    <Strip aria-label={label}>
      {services.map((service) => (
        <li key={service.title}>
          <span className="icon">
            <ServiceIcon name={service.icon} />
          </span>
          <div>
            <p className="title">{service.title}</p>
            <p>{service.subtitle1 ?? service.subtitle}</p>
            {service.subtitle2 && <p>{service.subtitle2}</p>}
          </div>
        </li>
      ))}
    </Strip>
  );
}
