import { IconLock } from '@tabler/icons-react';
import { AuthMessage } from './AuthMessage.tsx';

export function AccessPage() {
  return <AuthMessage icon={<IconLock size={34} />} color="violet" title="authPage.accessTitle" text="authPage.accessText" />;
}

export { AccessPage as Component };
