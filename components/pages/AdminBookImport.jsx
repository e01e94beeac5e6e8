// /admin/books/import: load books from a CSV file the way a shop loads a distributor's catalogue.
// Choose a file, "Check file" (a dry run: nothing is written) and read the report row by row, then
// "Import N books" once the check found no errors. While a file uploads the bar shows the bytes
// sent; while the server checks or writes it, the rows done so far (polled by the page's own
// progress id; the total is the file's line count, counted here). The template and the export
// download as plain links, so they work before the page's script has loaded.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import AdminLayout from '../admin/AdminLayout.jsx';
import AskFirst from '../admin/list/AskFirst.jsx';
import { formatCount } from '../admin/format.js';
import { notify } from '../common/toast.jsx';
import { csrfToken } from '../state/session.jsx';

const ENDPOINT = '/api/books/import';
const POLL_MS = 500;
const PER_PAGE_CHOICES = [25, 50, 100];
const ACTIONS = {
  created: { label: 'New', color: 'success' },
  updated: { label: 'Updated', color: 'info' },
  unchanged: { label: 'Unchanged', color: 'default' },
  error: { label: 'Error', color: 'error' },
};
const NEWLINE = 10;

const plural = (n, one, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
const megabytes = (bytes) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// Rows in the file, counted from its line breaks (less the header): enough for a progress bar.
async function rowsIn(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let lines = 0;
  for (let i = 0; i < bytes.length; i += 1) if (bytes[i] === NEWLINE) lines += 1;
  if (bytes.length && bytes[bytes.length - 1] !== NEWLINE) lines += 1;
  return Math.max(lines - 1, 0);
}

// POST the file with XMLHttpRequest (fetch has no upload progress): resolves { status, data }.
function send(file, dryRun, progressId, onUploaded) {
  return csrfToken().then(
    (token) =>
      new Promise((resolve) => {
        const request = new XMLHttpRequest();
        request.open('POST', ENDPOINT);
        request.setRequestHeader('X-CSRF-Token', token || '');
        request.setRequestHeader('Accept', 'application/json');
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) onUploaded(event.loaded / event.total);
        };
        request.onload = () => {
          let data = null;
          try {
            data = JSON.parse(request.responseText);
          } catch {
            data = { message: `The server answered ${request.status}` };
          }
          resolve({ status: request.status, data });
        };
        request.onerror = () =>
          resolve({ status: 0, data: { message: 'The server cannot be reached; check the connection and try again' } });
        const body = new FormData();
        body.append('file', file);
        body.append('dryRun', dryRun ? 'true' : 'false');
        body.append('progress', progressId);
        request.send(body);
      }),
  );
}

// Books without an image get a cover drawn from their details: a check counts those it would draw.
const coversText = (n, drawn) => (drawn ? plural(n, 'cover drawn', 'covers drawn') : plural(n, 'cover to draw', 'covers to draw'));

const newProgressId = () => `import-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function Working({ stage, dryRun, uploaded, rows, covers, total }) {
  const verb = dryRun ? 'Checked' : 'Imported';
  let text = `Uploading… ${Math.round(uploaded * 100)}%`;
  let value = uploaded * 100;
  if (stage === 'server') {
    text = rows
      ? `${verb} ${formatCount(rows)}${total ? ` of about ${formatCount(total)}` : ''} rows${covers ? `, ${coversText(covers, !dryRun)}` : ''}…`
      : dryRun
        ? 'Checking…'
        : 'Importing…';
    value = total ? Math.min((rows / total) * 100, 100) : undefined;
  }
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress variant={value === undefined ? 'indeterminate' : 'determinate'} value={value} aria-label={text} />
    </Box>
  );
}

function Summary({ report, drawn }) {
  const figures = [
    ['created', 'new', 'success'],
    ['updated', 'updated', 'info'],
    ['unchanged', 'unchanged', 'default'],
    ['errors', report.errors === 1 ? 'row with errors' : 'rows with errors', 'error'],
  ];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Summary">
      {figures.map(([key, label, color]) => (
        <Chip key={key} color={color} variant={report[key] ? 'filled' : 'outlined'} label={`${formatCount(report[key])} ${label}`} />
      ))}
      <Chip color="secondary" variant={report.covers ? 'filled' : 'outlined'} label={coversText(report.covers, drawn)} />
    </Stack>
  );
}

function Problems({ errors }) {
  const entries = Object.entries(errors || {});
  if (!entries.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, typography: 'body2' }}>
      {entries.map(([column, message]) => (
        <li key={column}>
          <Box component="code" sx={{ fontWeight: 700 }}>
            {column}
          </Box>
          : {message}
        </li>
      ))}
    </Box>
  );
}

function Report({ report }) {
  const [onlyErrors, setOnlyErrors] = useState(report.errors > 0);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PER_PAGE_CHOICES[0]);
  const rows = useMemo(() => (onlyErrors ? report.rows.filter((row) => row.action === 'error') : report.rows), [report, onlyErrors]);
  const shown = rows.slice(page * perPage, page * perPage + perPage);
  return (
    <Card variant="outlined" component="section" aria-labelledby="import-report" sx={{ mt: 3 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, p: 2, alignItems: 'center' }}>
        <Typography id="import-report" variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Report
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={onlyErrors}
              onChange={(event) => {
                setOnlyErrors(event.target.checked);
                setPage(0);
              }}
            />
          }
          label="Only rows with errors"
        />
      </Stack>
      <TableContainer>
        <Table size="small" aria-labelledby="import-report">
          <TableHead>
            <TableRow>
              {['Row', 'Book', 'Result'].map((label) => (
                <TableCell key={label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.row} hover>
                <TableCell sx={{ verticalAlign: 'top' }}>{row.row}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {row.title || '(no title)'}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    ISBN {row.isbn || '—'}
                  </Typography>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', width: '55%' }}>
                  <Chip size="small" variant="outlined" color={ACTIONS[row.action].color} label={ACTIONS[row.action].label} />
                  <Problems errors={row.errors} />
                </TableCell>
              </TableRow>
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {onlyErrors ? 'No row has errors.' : 'The file has no rows.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_CHOICES}
        onPageChange={(event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 } }}
      />
    </Card>
  );
}

function Help({ columns, optionalColumns, categories }) {
  return (
    <Typography variant="body2" color="text.secondary" component="div">
      {/* As written: Prettier's reflow would split or merge these text nodes, changing the <!-- --> of the server markup. */}
      {/* prettier-ignore */}
      <p style={{ marginTop: 0 }}>
        The first row names the columns: <code>{columns.join(', ')}</code> (and, if you like, <code>{optionalColumns.join(', ')}</code>).
        Books are matched by ISBN: a known ISBN updates that book, a new one adds it. Separate several authors with{' '}
        <code>;</code>. The level is written as <code>Class 9</code>, <code>College year 2</code> or <code>Ages 5-8</code>; published
        as yes or no.
      </p>
      <p style={{ marginBottom: 0 }}>Categories (by name or slug): {categories.map((c) => c.name).join(', ')}.</p>
    </Typography>
  );
}

export default function AdminBookImport({ session, columns = [], optionalColumns = [], categories = [], maxBytes = 0 }) {
  const inputId = useId();
  const [file, setFile] = useState(null);
  const [total, setTotal] = useState(0);
  const [report, setReport] = useState(null);
  const [checked, setChecked] = useState(false); // the report is a dry run's, for the chosen file
  const [problem, setProblem] = useState('');
  const [work, setWork] = useState(null); // { dryRun, stage, uploaded, rows }
  const [asking, setAsking] = useState(false);
  const [ready, setReady] = useState(false); // the file input works once the script runs
  const poller = useRef(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- on after hydration: the first render must match the server's
    setReady(true);
    return () => clearInterval(poller.current);
  }, []);

  const choose = (event) => {
    const chosen = event.target.files?.[0] || null;
    setFile(chosen);
    setReport(null);
    setChecked(false);
    setProblem('');
    setTotal(0);
    if (chosen && maxBytes && chosen.size > maxBytes)
      setProblem(`This file is ${megabytes(chosen.size)}; the most a file may be is ${megabytes(maxBytes)}.`);
    else if (chosen) rowsIn(chosen).then(setTotal, () => setTotal(0));
  };

  const run = async (dryRun) => {
    const progressId = newProgressId();
    setWork({ dryRun, stage: 'upload', uploaded: 0, rows: 0, covers: 0 });
    setProblem('');
    const { status, data } = await send(file, dryRun, progressId, (uploaded) => {
      setWork((w) => w && { ...w, uploaded, stage: uploaded >= 1 ? 'server' : 'upload' });
      if (uploaded >= 1 && !poller.current) {
        poller.current = setInterval(async () => {
          const response = await fetch(`${ENDPOINT}/progress/${progressId}`, {
            headers: { Accept: 'application/json' },
            credentials: 'same-origin',
          }).catch(() => null);
          const progress = response?.ok ? await response.json() : null;
          if (progress) setWork((w) => w && { ...w, stage: 'server', rows: progress.rows, covers: progress.covers });
        }, POLL_MS);
      }
    });
    clearInterval(poller.current);
    poller.current = null;
    setWork(null);
    if (data && Array.isArray(data.rows)) {
      setReport(data);
      setChecked(dryRun && status === 200);
    }
    if (status === 200 && !dryRun) {
      notify.success(
        `Imported ${[data.created && plural(data.created, 'new book'), data.updated && `${plural(data.updated, 'book')} updated`].filter(Boolean).join(' and ')}`,
      );
      setChecked(false);
    } else if (status !== 200) {
      setProblem(data?.message || `The server answered ${status}`);
      if (!dryRun) notify.error(data?.message || 'Nothing was imported');
    }
  };

  const changes = report ? report.created + report.updated : 0;
  const canImport = checked && report && report.errors === 0 && changes > 0 && !work;

  return (
    <AdminLayout active="/admin/books/import" title="Import books" session={session}>
      <Card variant="outlined" component="section" aria-labelledby="import-file">
        <CardContent>
          <Typography id="import-file" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Books from a CSV file
          </Typography>
          <Help columns={columns} optionalColumns={optionalColumns} categories={categories} />
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button component="a" href="/api/books/import-template.csv" download size="small" startIcon={<FileDownloadOutlined />}>
              Download the template
            </Button>
            <Button component="a" href="/api/books.csv" download size="small" startIcon={<FileDownloadOutlined />}>
              Export every book
            </Button>
          </Stack>
          <noscript>
            <Alert severity="info" sx={{ mt: 2 }}>
              Importing a file needs JavaScript; the template and the export download without it.
            </Alert>
          </noscript>
          <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 1.5, mt: 3, alignItems: { sm: 'center' } }}>
            <Button
              component="label"
              htmlFor={inputId}
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={!ready || Boolean(work)}
            >
              Choose CSV file
              <input id={inputId} type="file" accept=".csv,text/csv" hidden onChange={choose} disabled={!ready || Boolean(work)} />
            </Button>
            <Typography
              variant="body2"
              color={file ? 'text.primary' : 'text.secondary'}
              sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
              data-testid="chosen-file"
            >
              {file ? `${file.name} · ${megabytes(file.size)}${total ? ` · about ${plural(total, 'row')}` : ''}` : 'No file chosen'}
            </Typography>
            <Button
              variant="contained"
              startIcon={<FactCheckOutlined />}
              disabled={!file || Boolean(work) || Boolean(problem && !report)}
              onClick={() => run(true)}
            >
              Check file
            </Button>
            <Button variant="contained" color="success" disabled={!canImport} onClick={() => setAsking(true)}>
              {canImport ? `Import ${plural(changes, 'book')}` : 'Import'}
            </Button>
          </Stack>
          {work && <Working {...work} total={total} />}
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
          {report && !work && (
            <Box sx={{ mt: 2 }}>
              <Summary report={report} drawn={!checked && !report.errors} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {checked
                  ? report.errors
                    ? 'Correct the rows with errors in the file, then check it again: a file with errors is not imported.'
                    : changes
                      ? 'Nothing has been written yet. Import to add and update these books.'
                      : 'Every book in the file is already in the shop as it is.'
                  : report.errors
                    ? 'Nothing was imported: correct the rows with errors, then check the file again.'
                    : 'This is what the import did.'}
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
      {report && !work && <Report key={`${report.created}-${report.updated}-${report.errors}-${checked}`} report={report} />}
      <AskFirst
        open={asking}
        title={`Import ${plural(changes, 'book')}?`}
        message={
          report
            ? `${[
                report.created && `${plural(report.created, 'new book')} will be added`,
                report.updated && `${plural(report.updated, 'book')} updated`,
              ]
                .filter(Boolean)
                .join(' and ')}, all in one go. Each change goes in the audit log.`
            : ''
        }
        acknowledgement="I have checked the report"
        okText="Import"
        okColor="success"
        onOk={async () => {
          setAsking(false);
          await run(false);
        }}
        onClose={() => setAsking(false)}
      />
    </AdminLayout>
  );
}
