// Moving a record on to one of its `next` statuses (orders, refund requests, payout requests):
// ask first (SPEC §5's dialog), then PATCH { status, ...body }, then a toast. The server holds the
// rules: a refused move (409: moved meanwhile, or a payout above the balance) is said in an error
// toast. `onSettled(answer)` runs either way, so the page can show the record as it now is.
//
// describe(row, to) -> { message, done (the toast once moved), body? (more to send, e.g. the
// payment method), content? (more of the dialog), ready? (false keeps Ok disabled),
// acknowledgement? (what the box says, when "Move … to …" is not the words), request? ([method,
// url] of a move the server takes elsewhere than the PATCH, e.g. an order's cash collected) }.
// `dialog` is the element to render; button(row, to, props?) is a button that asks, saying
// props.label (on the record's own page) or, in a list, the move's verb, named "<verb> <name(row)>"
// for screen readers; `column` is a list's Actions column of those buttons.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { notify } from '../../common/toast.jsx';
import { sendJson } from '../forms/api.js';
import AskFirst from './AskFirst.jsx';

// What the button says for a move to each status.
const MOVE_VERBS = { Processing: 'Process', Delivered: 'Deliver', Accepted: 'Accept', Rejected: 'Reject', Refused: 'Refuse' };
// Moves that end a record's road: said in red.
const DANGEROUS = ['Rejected', 'Refused', 'Cancelled'];

export default function useStatusMove(endpoint, { key = 'id', name, describe, onSettled }) {
  // The move stays set while the dialog animates closed, so its text does not vanish first.
  const [move, setMove] = useState(null);
  const [open, setOpen] = useState(false);
  const about = move ? describe(move.row, move.to) : null;

  const ask = (row, to) => {
    setMove({ row, to });
    setOpen(true);
  };
  const send = async () => {
    const { row, to } = move;
    const [method, url] = about.request || ['PATCH', `${endpoint}/${row[key]}`];
    const answer = await sendJson(method, url, about.request ? about.body : { status: to, ...about.body });
    setOpen(false);
    if (answer.ok) notify.success(about.done);
    // A 422's fields are not on screen here: what is wrong with them is said in the toast.
    else notify.error([answer.data.message, Object.values(answer.data.errors || {}).join('; ')].filter(Boolean).join(': '));
    onSettled(answer);
  };

  const dialog = (
    <AskFirst
      open={open}
      message={about?.message}
      acknowledgement={about?.acknowledgement || (move ? `Move ${name(move.row)} to ${move.to}` : undefined)}
      okColor={DANGEROUS.includes(move?.to) ? 'error' : 'primary'}
      ready={about?.ready ?? true}
      onOk={send}
      onClose={() => setOpen(false)}
    >
      {about?.content}
    </AskFirst>
  );
  const button = (row, to, { label, ...props } = {}) => {
    const verb = MOVE_VERBS[to] || `Move to ${to}`;
    return (
      <Button
        size="small"
        variant="outlined"
        color={DANGEROUS.includes(to) ? 'error' : 'primary'}
        aria-label={label ? undefined : `${verb} ${name(row)}`}
        onClick={() => ask(row, to)}
        {...props}
      >
        {label || verb}
      </Button>
    );
  };
  // A list's last column: a button for each move the row may make next.
  const column = {
    key: 'actions',
    label: 'Actions',
    align: 'right',
    render: (row) => (
      // Wrapping: a narrow table stacks the buttons rather than pushing them out of view.
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {row.next.map((to) => (
          <span key={to}>{button(row, to)}</span>
        ))}
      </Stack>
    ),
  };
  return { dialog, button, column };
}
