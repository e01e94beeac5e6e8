// A centred card holding the sign-in form: the whole of /login, and what a back-office page shows
// in place when its session has ended.
import AuthCard from './AuthCard.jsx';
import SignInForm from './SignInForm.jsx';

export default function SignInPanel(formProps) {
  return (
    <AuthCard subtitle="Sign in to the back office">
      <SignInForm {...formProps} />
    </AuthCard>
  );
}
