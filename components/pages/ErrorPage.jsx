import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
export default function Hello({ title }) {
  return <div><Typography variant="h1">{title}</Typography><Button variant="contained">Go</Button></div>;
}
