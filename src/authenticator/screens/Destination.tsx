import { useAuth } from '../AuthProvider.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** Where the last code went, as Cognito masked it (e***@e***.com, +*******1234), or a plain "your e-mail". */
export function Destination() {
  const { t } = useTranslation();
  const delivery = useAuth((s) => s.context.codeDeliveryDetails);
  if (delivery?.destination) return <strong>{delivery.destination}</strong>;
  const byPhone = delivery?.deliveryMedium === 'SMS' || delivery?.attributeName === 'phone_number';
  return t(byPhone ? 'yourPhone' : 'yourEmail');
}
