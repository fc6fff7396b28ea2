import { ROUTES } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon';
import { AuthScreen } from './AuthScreen';

export function RegisterPage() {
  return (
    <AuthScreen
      title="Create new account"
      switchPrompt={
        <>
          Already have an account? <Link to={ROUTES.login}>Login</Link>
        </>
      }
    >
      <ComingSoon
        title="Registration is coming soon"
        detail="Creating an account with your name, e-mail and password, or with Google, arrives with the next release."
      />
    </AuthScreen>
  );
}
