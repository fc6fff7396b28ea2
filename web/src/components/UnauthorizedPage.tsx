import { MESSAGES } from '@shop/contracts';
import { HomeButton } from './HomeButton';
import { StatusScreen } from './StatusScreen';

export function UnauthorizedPage() {
  return <StatusScreen standing="forbidden" title={MESSAGES.screens.unauthorized} subTitle="Error 403" action={<HomeButton />} />;
}
