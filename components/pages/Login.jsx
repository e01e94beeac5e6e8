// /login: the administrator's sign-in page. After signing in the browser goes to callbackUrl
// (the server only ever hands out same-site paths).
import SignInPanel from '../admin/SignInPanel.jsx';

export default function Login({ callbackUrl = '/admin', csrfToken = '', error }) {
  return <SignInPanel callbackUrl={callbackUrl} csrfToken={csrfToken} error={error} />;
}
