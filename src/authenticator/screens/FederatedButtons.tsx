import { Button } from '@mantine/core';
import { IconBrandAmazon, IconBrandApple, IconBrandFacebook, IconBrandGoogle, type Icon } from '@tabler/icons-react';
import type { FederatedProvider } from '../../../machines/authenticator/index.ts';
import { useAuthActor, useAuthSettings, usePending } from '../AuthProvider.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** Each provider's own name (never translated) and mark. */
const PROVIDERS: Record<FederatedProvider, { name: string; icon: Icon }> = {
  amazon: { name: 'Amazon', icon: IconBrandAmazon },
  apple: { name: 'Apple', icon: IconBrandApple },
  google: { name: 'Google', icon: IconBrandGoogle },
  facebook: { name: 'Facebook', icon: IconBrandFacebook },
};

/** A button per configured provider (the sign-in screen puts its "or" between them and the form); nothing when none is configured. */
export function FederatedButtons() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const pending = usePending();
  const { socialProviders } = useAuthSettings();
  return (
    <>
      {socialProviders.map((provider) => {
        const { name, icon: ProviderIcon } = PROVIDERS[provider];
        return (
          <Button
            key={provider}
            variant="default"
            fullWidth
            leftSection={<ProviderIcon size={18} aria-hidden />}
            disabled={pending}
            onClick={() => actor.send({ type: 'FEDERATED_SIGN_IN', provider })}
          >
            {t('federatedSignIn', { provider: name })}
          </Button>
        );
      })}
    </>
  );
}
