import { useAuth } from '../AuthProvider.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** Where the last code went, as Cognito masked it (e***@e***.com, +*******1234), or a plain "your e-mail". */
export function Destination() {
  const { t } = useTranslation();
  const delivery = useAuth((s) => s.context.codeDeliveryDetails);
  // An address or a number reads left to right inside a right-to-left sentence too.
  if (delivery?.destination) return <strong dir="ltr">{delivery.destination}</strong>;
  const byPhone = delivery?.deliveryMedium === 'SMS' || delivery?.attributeName === 'phone_number';
  return t(byPhone ? 'yourPhone' : 'yourEmail');
}
