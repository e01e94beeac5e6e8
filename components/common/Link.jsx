// An in-app link: a real <a href> (works without JavaScript), taken over by the client router.
import { forwardRef } from 'react';
import MuiLink from '@mui/material/Link';
import RouterAnchor from './RouterAnchor.jsx';

export { RouterAnchor };

export default forwardRef(function Link(props, ref) {
  return <MuiLink ref={ref} component={RouterAnchor} underline="hover" color="inherit" {...props} />;
});
