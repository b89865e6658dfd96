import { IconAlertTriangle } from '@tabler/icons-react';
import { AuthMessage } from './AuthMessage.tsx';

export function ErrorPage() {
  return (
    <AuthMessage icon={<IconAlertTriangle size={34} />} color="red" title="Something went wrong">
      The page could not be shown. Try again in a moment; if it keeps happening, let your account team know what you were doing.
    </AuthMessage>
  );
}

export { ErrorPage as Component };
