// /seller/offers: the seller's offers, searched (title or ISBN), filtered (condition, in stock),
// sorted and paged on the server like the back office's lists; added by ISBN, changed and removed
// (after the confirmation dialog), or imported from a CSV file. Below, the catalogue requests sent for ISBNs the shop lacked.
import { useState } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Clipped, TwoLines, day, money, orDash } from '../admin/list/cells.jsx';
import { YES_NO } from '../admin/list/FilterSelect.jsx';
import ListView from '../admin/list/ListView.jsx';
import StatusChip from '../admin/list/StatusChip.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import useRemove from '../admin/list/useRemove.jsx';
import { notify } from '../common/toast.jsx';
import OfferForm from '../seller/OfferForm.jsx';
import OfferImport from '../seller/OfferImport.jsx';
import SellerLayout from '../seller/SellerLayout.jsx';

const ENDPOINT = '/api/seller/offers';

function CatalogueRequests({ requests }) {
  if (requests.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-label="Catalogue requests">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, p: 2 }}>
        Catalogue requests
      </Typography>
      <Table size="small" aria-label="Catalogue requests">
        <TableHead>
          <TableRow>
            {['Date', 'Book', 'ISBN', 'Your offer', 'Status'].map((label) => (
              <TableCell key={label} sx={{ fontWeight: 600 }}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.map((request) => (
            <TableRow key={request.id}>
              <TableCell>{day(request.createdAt)}</TableCell>
              <TableCell>
                <TwoLines primary={request.title} secondary={request.authors} />
              </TableCell>
              <TableCell>{request.isbn}</TableCell>
              <TableCell>
                {request.condition}, {money(request.price)} × {request.stock}
              </TableCell>
              <TableCell>
                <StatusChip status={request.status} />
                {request.reason && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {request.reason}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

export default function SellerOffers({ session, list: initial, conditions = [], requests: initialRequests = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  const [editing, setEditing] = useState(null);
  const [importing, setImporting] = useState(false);
  const [requests, setRequests] = useState(initialRequests);
  const remove = useRemove(
    ENDPOINT,
    (row) => ({ name: `your offer of ${row.title}`, message: `Remove your ${row.condition} offer of “${row.title}”?` }),
    () => list.reload(),
  );
  const saved = (answer) => {
    if (answer.catalogueRequest) {
      setRequests((current) => [answer.catalogueRequest, ...current]);
      notify.success(`The shop was asked to list “${answer.catalogueRequest.title}”`);
    } else {
      notify.success(`Saved your ${answer.condition} offer of “${answer.title}”`);
    }
    setEditing(null);
    list.reload();
  };

  const columns = [
    {
      key: 'title',
      label: 'Book',
      sortable: true,
      render: (row) => <TwoLines primary={<Clipped text={row.title} />} secondary={orDash(row.isbn)} />,
    },
    { key: 'condition', label: 'Condition', sortable: true },
    { key: 'price', label: 'Price', sortable: true, align: 'right', render: (row) => money(row.price) },
    { key: 'stock', label: 'Stock', sortable: true, align: 'right' },
    { key: 'note', label: 'Note', render: (row) => <Clipped text={orDash(row.note)} width={220} /> },
    { key: 'updatedAt', label: 'Changed', sortable: true, render: (row) => day(row.updatedAt) },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title="Change">
            <IconButton size="small" aria-label={`Change your offer of ${row.title}`} onClick={() => setEditing(row)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {remove.button(row, `Remove your offer of ${row.title}`)}
        </Stack>
      ),
    },
  ];
  const filters = [
    { name: 'condition', label: 'Condition', options: conditions.map((c) => ({ value: c, label: c })) },
    { name: 'inStock', label: 'In stock', options: YES_NO },
  ];
  const add = (
    <>
      <Button variant="outlined" size="small" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
        Import CSV
      </Button>
      <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
        Add offer
      </Button>
    </>
  );

  return (
    <SellerLayout active="/seller/offers" title="Offers" session={session}>
      <Stack spacing={3}>
        <ListView
          title="Your offers"
          list={list}
          columns={columns}
          filters={filters}
          searchLabel="Search by title or ISBN"
          emptyText="No offers yet: add one by its ISBN."
          actions={add}
          exportable={false}
        />
        <CatalogueRequests requests={requests} />
      </Stack>
      {remove.dialog}
      {importing && (
        <OfferImport
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            list.reload();
          }}
        />
      )}
      {editing && (
        <OfferForm offer={editing === 'new' ? null : editing} conditions={conditions} onClose={() => setEditing(null)} onSaved={saved} />
      )}
    </SellerLayout>
  );
}
