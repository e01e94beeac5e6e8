// /login: the back office's sign-in page. After signing in the browser goes to callbackUrl
// (the server only ever hands out same-site paths). `step: 'code'` is the second step of a
// sign-in posted without JavaScript (the authenticator code).
import SignInPanel from '../admin/SignInPanel.jsx';

export default function Login({ callbackUrl = '/admin', csrfToken = '', error, step }) {
  return <SignInPanel callbackUrl={callbackUrl} csrfToken={csrfToken} error={error} step={step} />;
}
