import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
export default function Hello({ name }) {
  return <div><Typography variant="h1">Hello {name}</Typography><Button variant="contained">Go</Button></div>;
}
