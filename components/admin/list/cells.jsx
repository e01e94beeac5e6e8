// Cell contents the admin lists share: a thumbnail, a name linking to its page, a name over its
// detail, long text cut to one line, text kept on one line, dates, money, a dash.
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '../../common/Link.jsx';
import { formatDate, formatDateTime, formatMoney } from '../format.js';

export function Thumbnail({ src, name, round }) {
  return (
    <Avatar
      variant={round ? 'circular' : 'rounded'}
      src={src || undefined}
      alt=""
      sx={{ width: 40, height: 40, bgcolor: 'grey.100', color: 'text.secondary' }}
    >
      {(name || '?').slice(0, 1)}
    </Avatar>
  );
}

export function NameCell({ href, image, name, round }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
      <Thumbnail src={image} name={name} round={round} />
      {href ? (
        <Link href={href} sx={{ fontWeight: 600 }}>
          {name}
        </Link>
      ) : (
        <span>{name}</span>
      )}
    </Stack>
  );
}

// Long text (a comment, an address) on one line, cut with an ellipsis; the whole of it in a tooltip.
export function Clipped({ text, width = 320 }) {
  return (
    <Typography
      variant="body2"
      title={text}
      sx={{ minWidth: 200, maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
}

// A name over a smaller detail, e.g. a seller over their shop.
export function TwoLines({ primary, secondary }) {
  return (
    <Stack sx={{ minWidth: 120 }}>
      <span>{primary}</span>
      <Typography variant="caption" color="text.secondary">
        {secondary}
      </Typography>
    </Stack>
  );
}

export function Nowrap({ children }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

export const day = (iso) => <Nowrap>{formatDate(iso)}</Nowrap>;
export const dayAndTime = (iso) => <Nowrap>{formatDateTime(iso)}</Nowrap>;

export const money = (value) => formatMoney(value);
export const orDash = (value) => (value === null || value === undefined || value === '' ? '—' : value);
