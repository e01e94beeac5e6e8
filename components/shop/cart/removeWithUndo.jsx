// Removing an item is destructive, so it comes with a way back: a toast "Removed … Undo" that
// puts the item back with the quantity it had.
import { styled } from '@mui/material/styles';
import { notify } from '../../common/toast.jsx';

const Notice = styled('span')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1.5),
  '& button': {
    flexShrink: 0,
    padding: theme.spacing(0.5, 1.5),
    border: `1px solid ${theme.palette.primary.main}`,
    borderRadius: 4,
    font: 'inherit',
    fontWeight: 700,
    color: theme.palette.primary.main,
    background: theme.palette.background.paper,
    cursor: 'pointer',
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
}));

export function removeWithUndo(item, changeAmount) {
  changeAmount({ ...item, qty: 0 });
  notify.info(
    <Notice role="status">
      <span>Removed {item.name} from your cart.</span>
      <button type="button" onClick={() => changeAmount(item)}>
        Undo
      </button>
    </Notice>,
  );
}
