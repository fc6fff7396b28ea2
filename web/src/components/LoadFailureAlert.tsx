import { Alert, Button } from 'antd';

interface LoadFailureAlertProps {
  /** The failure's text; nothing is shown while it is null. */
  error: string | null;
  onRetry: () => void;
  retrying?: boolean;
}

/** What a screen shows when its data could not be loaded: the reason, and a way to try again. */
export function LoadFailureAlert({ error, onRetry, retrying = false }: LoadFailureAlertProps) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={error}
      action={
        <Button size="small" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
