import { ROUTES } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon';
import { AuthScreen } from './AuthScreen';

export function LoginPage() {
  return (
    <AuthScreen
      title="Sign in to your account"
      switchPrompt={
        <>
          Don&apos;t have an account? <Link to={ROUTES.register}>Register</Link>
        </>
      }
    >
      <ComingSoon title="Signing in is coming soon" detail="Sign-in with e-mail and password, and Continue with Google, arrive with the next release." />
    </AuthScreen>
  );
}
