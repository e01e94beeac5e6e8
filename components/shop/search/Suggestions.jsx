// The listbox under the header search box: suggestions grouped as titles (cover and price),
// authors and categories. The input owns focus (aria-activedescendant points at the active option).
import { styled } from '@mui/material/styles';
import { formatPrice } from '../money.js';

const List = styled('div')(({ theme }) => ({
  '&[hidden]': { display: 'none' },
  position: 'absolute',
  insetInline: 0,
  top: 'calc(100% + 6px)',
  zIndex: theme.zIndex.modal,
  maxHeight: '70vh',
  overflowY: 'auto',
  padding: theme.spacing(1, 0),
  borderRadius: 12,
  background: theme.palette.background.paper,
  boxShadow: theme.shadows[8],
  '& [role=group] > div:first-of-type': {
    padding: theme.spacing(0.75, 2),
    fontSize: 12,
    fontWeight: 700,
    letterSpacing: 0.4,
    textTransform: 'uppercase',
    color: theme.palette.text.secondary,
  },
  '& [role=option]': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    padding: theme.spacing(0.75, 2),
    cursor: 'pointer',
    color: theme.palette.text.primary,
    fontSize: 14,
    '&[aria-selected=true], &:hover': { background: theme.palette.action.hover },
  },
  '& img': { width: 32, height: 44, objectFit: 'cover', borderRadius: 3, flexShrink: 0, background: theme.palette.grey[100] },
  '& .title': { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .price': { fontWeight: 600, color: theme.palette.primary.main, flexShrink: 0 },
}));

const GROUPS = ['Titles', 'Authors', 'Categories'];

export default function Suggestions({ id, options, active, onPick }) {
  return (
    <List id={id} role="listbox" aria-label="Suggestions" hidden={!options.length}>
      {GROUPS.map((group) => {
        const members = options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group);
        if (!members.length) return null;
        return (
          <div role="group" aria-labelledby={`${id}-${group}`} key={group}>
            <div id={`${id}-${group}`} role="presentation">
              {group}
            </div>
            {members.map(({ option, index }) => (
              // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus stays in the combobox input (aria-activedescendant)
              <div
                key={option.url}
                id={`${id}-${index}`}
                role="option"
                aria-selected={index === active}
                // mousedown, not click: the input must not lose focus (and close the list) first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  onPick(option);
                }}
              >
                {group === 'Titles' && <img src={option.imgUrl || '/favicon.svg'} alt="" loading="lazy" />}
                <span className="title">{option.label}</span>
                {group === 'Titles' && option.price != null && <span className="price">{formatPrice(option.price)}</span>}
              </div>
            ))}
          </div>
        );
      })}
    </List>
  );
}
