// A back-office list: a toolbar (search, filters, CSV export, the page's own actions), a table
// with sortable headers, pagination, an empty state and a loading state. Its state is the URL's
// (see useAdminList). The table scrolls sideways inside its card on a phone; the page does not.
//
// columns: [{ key, label, sortable?, align?, render?(row), width? }]
// filters: [{ name, label, options }]  (see FilterSelect)
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import FilterSelect from './FilterSelect.jsx';
import SearchField from './SearchField.jsx';
import { PER_PAGE_CHOICES } from './useAdminList.js';

function SortableHeader({ column, sort, onSort }) {
  if (!column.sortable) return column.label;
  const active = sort.replace(/^-/, '') === column.key;
  const direction = active && sort.startsWith('-') ? 'desc' : 'asc';
  // First click sorts ascending; clicking the sorted column flips it.
  const next = active && direction === 'asc' ? `-${column.key}` : column.key;
  return (
    <TableSortLabel active={active} direction={direction} onClick={() => onSort(next)}>
      {column.label}
    </TableSortLabel>
  );
}

function EmptyState({ colSpan, narrowed, text, onClear }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: 6, textAlign: 'center', color: 'text.secondary', borderBottom: 0 }}>
        <Stack spacing={1} sx={{ alignItems: 'center' }} data-testid="list-empty">
          <SearchOff fontSize="large" color="disabled" />
          <Typography>{narrowed ? 'Nothing matches this search and these filters.' : text}</Typography>
          {narrowed && (
            <Button size="small" onClick={onClear}>
              Clear search and filters
            </Button>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

export default function ListView({
  title,
  list,
  columns,
  filters = [],
  searchLabel,
  emptyText = 'Nothing here yet.',
  actions,
  rowKey = 'id',
  // false: the list has no CSV export (the seller portal's)
  exportable = true,
}) {
  const { params, rows, total, page, perPage, loading, update } = list;
  const sort = params.sort || '';
  const narrowed = Boolean(params.q) || filters.some((f) => params[f.name]);
  const clearAll = () => update(Object.fromEntries(['q', ...filters.map((f) => f.name)].map((name) => [name, ''])));

  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, p: 2, alignItems: 'center' }}>
        <SearchField label={searchLabel} value={params.q} onSearch={(q) => update({ q }, 'search')} />
        {filters.map((filter) => (
          <FilterSelect
            key={filter.name}
            name={filter.name}
            label={filter.label}
            options={filter.options}
            value={params[filter.name]}
            onChange={(value) => update({ [filter.name]: value })}
          />
        ))}
        <Box sx={{ flexGrow: 1 }} />
        {exportable && (
          <Button component="a" href={list.csvHref} download variant="outlined" size="small" startIcon={<FileDownloadOutlined />}>
            Export CSV
          </Button>
        )}
        {actions}
      </Stack>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading" />}</Box>
      <TableContainer>
        <Table size="small" aria-label={title} aria-busy={loading} sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sortDirection={sort.replace(/^-/, '') === column.key ? (sort.startsWith('-') ? 'desc' : 'asc') : false}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: column.width }}
                >
                  <SortableHeader column={column} sort={sort} onSort={(next) => update({ sort: next })} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row[rowKey]} hover>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.render ? column.render(row) : row[column.key]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && <EmptyState colSpan={columns.length} narrowed={narrowed} text={emptyText} onClear={clearAll} />}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={rows.length === 0 && page > 1 ? 0 : page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_CHOICES}
        onPageChange={(event, next) => update({ page: String(next + 1) })}
        onRowsPerPageChange={(event) => update({ per_page: event.target.value })}
        // On a phone the controls wrap onto two lines rather than run off the card.
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 } }}
      />
    </Card>
  );
}
