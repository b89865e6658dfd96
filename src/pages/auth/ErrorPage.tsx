import { IconAlertTriangle } from '@tabler/icons-react';
import { AuthMessage } from './AuthMessage.tsx';

export function ErrorPage() {
  return <AuthMessage icon={<IconAlertTriangle size={34} />} color="red" title="authPage.errorTitle" text="authPage.errorText" />;
}

export { ErrorPage as Component };
