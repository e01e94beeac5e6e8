// /admin/catalogue-requests: sellers asking for an ISBN the catalogue lacks, newest first, searched,
// filtered (status), sorted and paged on the server. A pending request is accepted (the book is
// created in the category and level chosen here, with the seller's offer; when the ISBN is in the
// catalogue by now, only the offer is added) or refused with a reason the seller is mailed.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AdminLayout from '../admin/AdminLayout.jsx';
import { formatMoney } from '../admin/format.js';
import { categoryChoices } from '../admin/forms/fields.jsx';
import { Nowrap, TwoLines, day, money } from '../admin/list/cells.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useStatusMove from '../admin/list/useStatusMove.jsx';
import { CATALOGUE_REQUEST_STATUSES } from '../admin/statuses.js';
import Link from '../common/Link.jsx';

const ENDPOINT = '/api/catalogue-requests';
// The levels db/levels.py reads, as a new book's choices.
const LEVELS = [
  ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`),
  ...Array.from({ length: 5 }, (_, i) => `College year ${i + 1}`),
  'Ages 3-5',
  'Ages 5-8',
  'Ages 8-12',
  'Ages 12+',
];

function NewBookChoices({ categories, choice, onChange }) {
  const set = (name) => (event) => onChange({ ...choice, [name]: event.target.value });
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <TextField select size="small" required label="Category" value={choice.categoryId} onChange={set('categoryId')}>
        {categoryChoices(categories).map((c) => (
          <MenuItem key={c.value} value={c.value} sx={{ pl: 2 + 2 * c.depth }}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" required label="Level" value={choice.level} onChange={set('level')}>
        {LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            {level}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

function Book({ row }) {
  const detail = [row.authors, row.publisher, `ISBN ${row.isbn}`].filter(Boolean).join(' · ');
  const title = row.productId ? <Link href={`/admin/products/${row.productId}`}>{row.title}</Link> : row.title;
  return (
    <Stack sx={{ minWidth: 240 }}>
      <TwoLines primary={title} secondary={detail} />
    </Stack>
  );
}

export default function AdminCatalogueRequests({ session, list: initial, categories = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  const [choice, setChoice] = useState({ categoryId: '', level: '' });
  const [reason, setReason] = useState('');
  const describe = (row, to) => {
    const who = `${row.seller} (${row.shopName})`;
    const offer = `${row.condition} copy at ${formatMoney(row.price)}, ${row.stock} in stock`;
    if (to === 'Refused') {
      return {
        message: `Refuse ${who}’s request for “${row.title}” (ISBN ${row.isbn})? The seller is mailed your reason.`,
        content: (
          <TextField
            required
            fullWidth
            multiline
            minRows={3}
            label="Reason (mailed to the seller)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            sx={{ mb: 2 }}
          />
        ),
        ready: Boolean(reason.trim()),
        body: { reason },
        acknowledgement: `Refuse catalogue request #${row.id}`,
        done: `Catalogue request #${row.id} refused; ${row.seller} is mailed the reason`,
      };
    }
    if (row.inCatalogue) {
      return {
        message: `“${row.title}” is in the catalogue by now: ${who}’s offer (${offer}) is added to it.`,
        content: (
          <Alert severity="info" sx={{ mb: 2 }}>
            No new book is created. <Link href={`/admin/products/${row.inCatalogue}`}>See the book</Link>
          </Alert>
        ),
        acknowledgement: `Accept catalogue request #${row.id}`,
        done: `Catalogue request #${row.id} accepted: ${row.seller}’s offer is on sale`,
      };
    }
    return {
      message: `Add “${row.title}” (ISBN ${row.isbn}) to the books shop, with ${who}’s offer: ${offer}.`,
      content: <NewBookChoices categories={categories} choice={choice} onChange={setChoice} />,
      ready: Boolean(choice.categoryId && choice.level),
      body: { categoryId: Number(choice.categoryId), level: choice.level },
      acknowledgement: `Accept catalogue request #${row.id}`,
      done: `Catalogue request #${row.id} accepted: “${row.title}” is in the catalogue with ${row.seller}’s offer`,
    };
  };
  const settled = (answer) => {
    if (answer.ok) setReason('');
    list.reload();
  };
  const move = useStatusMove(ENDPOINT, { key: 'id', name: (row) => `catalogue request #${row.id}`, describe, onSettled: settled });

  const columns = [
    // Number and date in one column: the list keeps its Actions in view at 1280 px.
    { key: 'id', label: 'Request', sortable: true, render: (row) => <TwoLines primary={`#${row.id}`} secondary={day(row.date)} /> },
    { key: 'title', label: 'Book', sortable: true, render: (row) => <Book row={row} /> },
    { key: 'seller', label: 'Seller', sortable: true, render: (row) => <TwoLines primary={row.seller} secondary={row.shopName} /> },
    {
      key: 'price',
      label: 'Offer',
      sortable: true,
      align: 'right',
      render: (row) => <TwoLines primary={money(row.price)} secondary={<Nowrap>{`${row.condition} · ${row.stock} in stock`}</Nowrap>} />,
    },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <StatusChip status={row.status} />
          {row.reason && <TwoLines primary="" secondary={row.reason} />}
        </Stack>
      ),
    },
    move.column,
  ];

  return (
    <AdminLayout active="/admin/catalogue-requests" title="Catalogue Requests" session={session}>
      <ListView
        title="Catalogue requests"
        list={list}
        columns={columns}
        filters={[{ name: 'status', label: 'Status', options: CATALOGUE_REQUEST_STATUSES }]}
        searchLabel="Search by ISBN, title, author or seller"
        emptyText="No catalogue requests yet."
        rowKey="id"
      />
      {move.dialog}
    </AdminLayout>
  );
}
