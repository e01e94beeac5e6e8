// /admin/sellers: the sellers with their shop, package and balance, searched, filtered
// (published, package), sorted and paged on the server; published switched inline; moved to
// another package in a dialog (which records the package payment); their earnings one click away.
// Each seller's seller-portal account: its status, and the owner's invite, suspend and reinstate.
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import SellerPackageForm from '../admin/forms/SellerPackageForm.jsx';
import { formatMoney } from '../admin/format.js';
import { NameCell, Nowrap, money, orDash } from '../admin/list/cells.jsx';
import { YES_NO } from '../admin/list/FilterSelect.jsx';
import ListView from '../admin/list/ListView.jsx';
import RowSwitch from '../admin/list/RowSwitch.jsx';
import useAdminList from '../admin/list/useAdminList.js';
import StatusChip from '../admin/list/StatusChip.jsx';
import useSellerPortal from '../admin/useSellerPortal.jsx';
import RouterAnchor from '../common/RouterAnchor.jsx';
import { notify } from '../common/toast.jsx';

const ENDPOINT = '/api/sellers';

export default function AdminSellers({ session, list: initial, packages = [], paymentMethods = [] }) {
  const list = useAdminList(ENDPOINT, initial);
  const [changing, setChanging] = useState(null);
  const portal = useSellerPortal(() => list.reload());
  // A new package is a package payment and earnings lead to payouts: the owner's (app/roles.py).
  const owner = session?.user?.role === 'owner';
  const packageChanged = (record) => {
    const price = packages.find((p) => p.name === record.package)?.price;
    notify.success(`${record.shopName} moved to ${record.package}; a package payment of ${formatMoney(price)} was recorded`);
    setChanging(null);
    list.reload();
  };

  const columns = [
    { key: 'name', label: 'Seller', sortable: true, render: (row) => <NameCell image={row.image} name={row.name} round /> },
    { key: 'phone', label: 'Phone', render: (row) => <Nowrap>{orDash(row.phone)}</Nowrap> },
    { key: 'shopName', label: 'Shop', sortable: true },
    { key: 'package', label: 'Package', sortable: true },
    { key: 'balance', label: 'Balance', sortable: true, align: 'right', render: (row) => money(row.balance) },
    {
      key: 'published',
      label: 'Published',
      sortable: true,
      render: (row) => (
        <RowSwitch
          list={list}
          endpoint={ENDPOINT}
          row={row}
          field="published"
          label={`Published: ${row.shopName}`}
          said={(on) => `${row.shopName} is ${on ? 'published' : 'unpublished'}`}
        />
      ),
    },
    { key: 'portal', label: 'Portal', render: (row) => <StatusChip status={row.portal} /> },
    owner && {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          {portal.button(row)}
          <Tooltip title="Change package">
            <IconButton size="small" onClick={() => setChanging(row)} aria-label={`Change package of ${row.shopName}`}>
              <CardMembershipOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Earnings">
            <IconButton
              size="small"
              component={RouterAnchor}
              href={`/admin/earning-history?seller=${row.id}`}
              aria-label={`Earnings of ${row.shopName}`}
            >
              <PaidOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ].filter(Boolean);

  const filters = [
    { name: 'published', label: 'Published', options: YES_NO },
    { name: 'package', label: 'Package', options: packages.map((p) => ({ value: p.name, label: p.name })) },
  ];

  return (
    <AdminLayout active="/admin/sellers" title="Sellers" session={session}>
      <ListView title="Sellers" list={list} columns={columns} filters={filters} searchLabel="Search sellers" emptyText="No sellers yet." />
      {portal.dialogs}
      {changing && (
        <SellerPackageForm
          seller={changing}
          packages={packages}
          paymentMethods={paymentMethods}
          onClose={() => setChanging(null)}
          onSaved={packageChanged}
        />
      )}
    </AdminLayout>
  );
}
