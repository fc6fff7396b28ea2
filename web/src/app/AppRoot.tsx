import { Outlet } from 'react-router-dom';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { selectAuthChecked } from '../features/auth/auth.selectors';
import { useAppSelector } from './hooks';

/** Nothing but a loader until the first auth check has answered, so no screen flashes for the wrong audience. */
export function AppRoot() {
  const authChecked = useAppSelector(selectAuthChecked);
  return authChecked ? <Outlet /> : <FullScreenLoader />;
}
