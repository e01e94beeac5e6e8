// One line of the cart page: picture, name (the product's link when it has a product page),
// unit price, quantity, line total and a remove button.
import { styled } from '@mui/material/styles';
import DeleteOutline from '../../icons/DeleteOutlined.js';
import Link from '../../common/Link.jsx';
import IconAction from '../IconAction.jsx';
import { copyOf } from '../copies.js';
import { productUrl } from '../links.js';
import { formatPrice } from '../money.js';
import VisuallyHidden from '../VisuallyHidden.jsx';
import QtyStepper from './QtyStepper.jsx';

const Line = styled('li')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '88px minmax(0, 1fr) auto 110px auto',
  gridTemplateAreas: '"picture about qty total remove"',
  alignItems: 'center',
  columnGap: theme.spacing(2),
  padding: theme.spacing(2, 0),
  borderBottom: `1px solid ${theme.palette.grey[200]}`,
  '&:first-of-type': { paddingTop: 0 },
  '&:last-of-type': { borderBottom: 0, paddingBottom: 0 },
  '& .picture': {
    gridArea: 'picture',
    display: 'block',
    width: 88,
    height: 88,
    padding: 6,
    borderRadius: 6,
    background: theme.palette.grey[100],
  },
  '& .picture img': { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
  '& .about': { gridArea: 'about' },
  '& .name': { margin: 0, fontSize: 15, fontWeight: 600, lineHeight: 1.4 },
  '& .copy': { margin: theme.spacing(0.5, 0, 0), fontSize: 13, fontWeight: 600, color: theme.palette.text.secondary },
  '& .each': { margin: theme.spacing(0.5, 0, 0), fontSize: 14, color: theme.palette.text.secondary },
  '& .qty': { gridArea: 'qty' },
  '& .total': { gridArea: 'total', fontSize: 16, fontWeight: 700, textAlign: 'end', color: theme.palette.primary.main },
  '& .remove': { gridArea: 'remove' },
  '& .remove:hover': { borderColor: theme.palette.error.main, color: theme.palette.error.main },
  // A phone: the picture beside the name, the quantity and total on a row under it.
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: '72px minmax(0, 1fr) auto',
    gridTemplateAreas: '"picture about remove" "picture qty total"',
    rowGap: theme.spacing(1),
    columnGap: theme.spacing(1.5),
    '& .picture': { width: 72, height: 72, alignSelf: 'start' },
    '& .total': { width: 'auto' },
    '& .remove': { alignSelf: 'start' },
  },
}));

const hasProductPage = (id) => /^\d+$/.test(id);

export default function CartLine({ item, onChange, onRemove }) {
  const picture = item.imgUrl ? <img src={item.imgUrl} alt="" width={88} height={88} loading="lazy" /> : null;
  return (
    <Line>
      {hasProductPage(item.id) ? (
        <Link className="picture" href={productUrl(item.id)} tabIndex={-1} aria-hidden="true">
          {picture}
        </Link>
      ) : (
        <span className="picture">{picture}</span>
      )}
      <div className="about">
        <p className="name">{hasProductPage(item.id) ? <Link href={productUrl(item.id)}>{item.name}</Link> : item.name}</p>
        {copyOf(item) && <p className="copy">{copyOf(item)}</p>}
        <p className="each">{formatPrice(item.price)} each</p>
      </div>
      <div className="qty">
        <QtyStepper name={item.name} qty={item.qty} onChange={onChange} />
      </div>
      <span className="total">
        <VisuallyHidden>Line total: </VisuallyHidden>
        {formatPrice(item.price * item.qty)}
      </span>
      <IconAction type="button" className="small remove" aria-label={`Remove ${item.name}`} onClick={onRemove}>
        <DeleteOutline />
      </IconAction>
    </Line>
  );
}
