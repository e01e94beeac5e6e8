// An in-app link: a real <a href> (works without JavaScript), taken over by the client router.
import { forwardRef } from 'react';
import MuiLink from '@mui/material/Link';
import { isRoutableClick, useRouter } from './router.jsx';

export const RouterAnchor = forwardRef(function RouterAnchor({ href, onClick, ...rest }, ref) {
  const { navigate } = useRouter();
  const handleClick = (event) => {
    onClick?.(event);
    if (isRoutableClick(event, href)) {
      event.preventDefault();
      navigate(href);
    }
  };
  return <a ref={ref} href={href} onClick={handleClick} {...rest} />;
});

export default forwardRef(function Link(props, ref) {
  return <MuiLink ref={ref} component={RouterAnchor} underline="hover" color="inherit" {...props} />;
});
