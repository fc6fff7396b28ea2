import { Alert } from 'antd';
import { MESSAGES } from '@shop/contracts';
import { useAppSelector } from '../../app/hooks';

/** Tells the admin why images may stay 'processing': the socket that reports them is down. */
export function LiveUpdatesNotice() {
  const status = useAppSelector((state) => state.realtime.status);
  if (status !== 'reconnecting' && status !== 'refused') return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={status === 'reconnecting' ? MESSAGES.adminCatalogue.liveUpdatesPaused : MESSAGES.adminCatalogue.liveUpdatesOff}
      style={{ marginBottom: 16 }}
    />
  );
}
