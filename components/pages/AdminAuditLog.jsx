// /admin/audit-log: who changed what in the back office, newest first, searched, filtered
// (entity), sorted, paged and exported on the server. Read-only: an entry's details show the
// record before and after the change side by side, the changed fields marked.
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha } from '@mui/material/styles';
import AdminLayout from '../admin/AdminLayout.jsx';
import { capitalised, formatDateTime } from '../admin/format.js';
import { dayAndTime } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import useAdminList from '../admin/list/useAdminList.js';

const shown = (value) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

// Every field of the record before or after, in the order the record has them.
function fieldsOf(before, after) {
  return [...new Set([...Object.keys(before || {}), ...Object.keys(after || {})])];
}

const entityOf = (entry) => `${entry.entity.replace(/_/g, ' ')} #${entry.entityId}`;

const VALUE = {
  fontFamily: 'monospace',
  fontSize: 13,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  verticalAlign: 'top',
  minWidth: 110,
};
const CHANGED = { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14) };

function FieldName({ field, changed }) {
  return (
    <>
      {field}
      {changed && (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'warning.dark' }}>
          changed
        </Typography>
      )}
    </>
  );
}

// One field before and after. A phone has room for two columns only: the field's name goes on a
// row of its own, above its values.
function FieldRows({ field, before, after, phone }) {
  const changed = shown(before?.[field]) !== shown(after?.[field]);
  const name = <FieldName field={field} changed={changed} />;
  const values = (
    <>
      <TableCell sx={VALUE}>{before ? shown(before[field]) : '—'}</TableCell>
      <TableCell sx={VALUE}>{after ? shown(after[field]) : '—'}</TableCell>
    </>
  );
  const head = { verticalAlign: 'top', fontWeight: changed ? 600 : 400 };
  if (phone) {
    return (
      <>
        <TableRow sx={changed ? CHANGED : undefined}>
          <TableCell component="th" scope="rowgroup" colSpan={2} sx={{ ...head, borderBottom: 0, pb: 0 }}>
            {name}
          </TableCell>
        </TableRow>
        <TableRow data-changed={changed || undefined} sx={changed ? CHANGED : undefined}>
          {values}
        </TableRow>
      </>
    );
  }
  return (
    <TableRow data-changed={changed || undefined} sx={changed ? CHANGED : undefined}>
      <TableCell component="th" scope="row" sx={head}>
        {name}
      </TableCell>
      {values}
    </TableRow>
  );
}

function Changes({ entry, onClose }) {
  const titleId = useId();
  const { before, after } = entry;
  // Only ever opened in the browser, so the screen is known on the first render.
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const heading = { fontWeight: 600 };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>
        {capitalised(entityOf(entry))}: {entry.action}
      </DialogTitle>
      <DialogContent>
        {/* As written: Prettier's reflow would split or merge these text nodes, changing the <!-- --> of the server markup. */}
        {/* prettier-ignore */}
        <DialogContentText sx={{ mb: 2 }}>
          By {entry.actor} on {formatDateTime(entry.date)}. {before && after ? 'Changed fields are marked.' : before ? 'The record as it was.' : 'The record as it was created.'}
        </DialogContentText>
        <TableContainer>
          <Table size="small" aria-label="Before and after">
            <TableHead>
              <TableRow>
                {!phone && <TableCell sx={heading}>Field</TableCell>}
                <TableCell sx={heading}>Before</TableCell>
                <TableCell sx={heading}>After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fieldsOf(before, after).map((field) => (
                <FieldRows key={field} field={field} before={before} after={after} phone={phone} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function AdminAuditLog({ session, list: initial, entities = [] }) {
  const list = useAdminList('/api/audit-log', initial);
  const [open, setOpen] = useState(null);
  const columns = [
    { key: 'id', label: 'No', sortable: true },
    { key: 'date', label: 'Date', sortable: true, render: (row) => dayAndTime(row.date) },
    { key: 'actor', label: 'By', sortable: true },
    { key: 'action', label: 'Action', sortable: true },
    { key: 'entity', label: 'Record', sortable: true, render: (row) => entityOf(row) },
    {
      key: 'details',
      label: 'Details',
      align: 'right',
      render: (row) => (
        <Button size="small" onClick={() => setOpen(row)} aria-label={`Details of entry #${row.id}`}>
          Details
        </Button>
      ),
    },
  ];
  return (
    <AdminLayout active="/admin/audit-log" title="Audit Log" session={session}>
      <ListView
        title="Audit log"
        list={list}
        columns={columns}
        filters={[{ name: 'entity', label: 'Record', options: entities.map((e) => ({ value: e, label: e.replace(/_/g, ' ') })) }]}
        searchLabel="Search the audit log"
        emptyText="Nothing has been changed yet."
      />
      {open && <Changes entry={open} onClose={() => setOpen(null)} />}
    </AdminLayout>
  );
}
