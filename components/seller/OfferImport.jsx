// Offers from a CSV file (isbn, condition, price, stock, note), as the book import does it: the
// file is checked first (what each row would do, and its errors by row and column); "Import" then
// writes every row, or none if any has an error.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { sendJson } from '../admin/forms/api.js';
import { notify } from '../common/toast.jsx';

const SHOWN_ERRORS = 50;

async function sent(file, dryRun) {
  const body = new FormData();
  body.append('file', file);
  body.append('dryRun', dryRun ? 'true' : 'false');
  return sendJson('POST', '/api/seller/offers/import', body);
}

function Errors({ rows }) {
  const wrong = rows.filter((row) => Object.keys(row.errors).length).slice(0, SHOWN_ERRORS);
  if (!wrong.length) return null;
  return (
    <Table size="small" aria-label="Rows with errors">
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Row</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>What is wrong</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {wrong.map((row) => (
          <TableRow key={row.row}>
            <TableCell>{row.row}</TableCell>
            <TableCell>
              {Object.entries(row.errors)
                .map(([column, message]) => `${column}: ${message}`)
                .join('; ')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function OfferImport({ onClose, onImported }) {
  const [file, setFile] = useState(null);
  const [report, setReport] = useState(null);
  const [busy, setBusy] = useState(false);

  const run = async (dryRun) => {
    setBusy(true);
    const answer = await sent(file, dryRun);
    setBusy(false);
    if (answer.data?.rows) setReport(answer.data);
    if (!answer.ok) return notify.error(answer.data.message);
    if (!dryRun) {
      notify.success(`Imported: ${answer.data.added} offers added, ${answer.data.updated} updated`);
      onImported();
    }
  };
  const ready = report && report.errors === 0 && report.rows.length > 0;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="offer-import-title">
      <DialogTitle id="offer-import-title">Import offers from a CSV file</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Columns: isbn, condition (New, Like New, Very Good, Good, Acceptable), price, stock, note. A row for a book you already offer in
          that condition updates that offer.
        </DialogContentText>
        <Button component="label" variant="outlined" size="small" disabled={busy}>
          {file ? file.name : 'Choose a CSV file'}
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file of offers"
            onChange={(event) => {
              setFile(event.target.files[0] || null);
              setReport(null);
            }}
          />
        </Button>
        {report && (
          <Alert severity={report.errors ? 'error' : 'success'} sx={{ my: 2 }} role="status">
            {report.errors
              ? `${report.errors} of ${report.rows.length} rows have errors: correct them and check again.`
              : `${report.added} to add, ${report.updated} to update.`}
          </Alert>
        )}
        {report && <Errors rows={report.rows} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button onClick={() => run(true)} disabled={!file || busy}>
          Check file
        </Button>
        <Button variant="contained" onClick={() => run(false)} disabled={!ready || busy}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
