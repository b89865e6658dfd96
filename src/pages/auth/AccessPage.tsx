import { IconLock } from '@tabler/icons-react';
import { AuthMessage } from './AuthMessage.tsx';

export function AccessPage() {
  return (
    <AuthMessage icon={<IconLock size={34} />} color="violet" title="Access denied">
      Your account does not have permission to open this page. Ask your administrator for access, or carry on from the dashboard.
    </AuthMessage>
  );
}

export { AccessPage as Component };
