// A plain <a href> taken over by the client router on a plain click. Kept apart from Link.jsx
// so that components needing only the anchor don't pull MUI Link into first-load JavaScript.
import { forwardRef } from 'react';
import { isRoutableClick, useRouter } from './router.jsx';

export default forwardRef(function RouterAnchor({ href, onClick, children, ...rest }, ref) {
  const { navigate } = useRouter();
  const handleClick = (event) => {
    onClick?.(event);
    if (isRoutableClick(event, href)) {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    <a ref={ref} href={href} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
});
