import { MESSAGES } from '@shop/contracts';
import { HomeButton } from './HomeButton';
import { StatusScreen } from './StatusScreen';

export function NotFoundPage() {
  return <StatusScreen standing="not-found" title={MESSAGES.screens.notFound} subTitle="Error 404" action={<HomeButton />} />;
}
