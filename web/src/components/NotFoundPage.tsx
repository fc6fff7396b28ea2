import { MESSAGES } from '@shop/contracts';
import { HomeButton } from './HomeButton';
import { StatusScreen } from './StatusScreen';

export function NotFoundPage() {
  return <StatusScreen status="404" title={MESSAGES.screens.notFound} subTitle="Error 404" action={<HomeButton />} />;
}
