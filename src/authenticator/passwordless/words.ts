/**
 * The passwordless screens' own words. They come with the screens' chunk,
 * not with src/i18n's dictionaries, which the first screen loads
 * (scripts/vite/budget.ts). The messages the client words in English for
 * passkeys are added to the translation of messages as this module loads.
 */
import { addMessages, type Language } from '../../i18n/index.ts';

const en = {
  chooseHeading: 'Choose how to sign in',
  chooseText: 'Signing in as {email}. How do you want to confirm it is you?',
  chooseLabel: 'Ways to sign in',
  WEB_AUTHN: 'Sign in with a passkey',
  EMAIL_OTP: 'Email me a code',
  SMS_OTP: 'Text me a code',
  PASSWORD: 'Use my password',
  PASSWORD_SRP: 'Use my password',
  passkeyHeading: 'Sign in with a passkey',
  passkeyText: 'Your browser asks for the passkey of {email}: confirm with your fingerprint, face, screen lock or security key.',
  passkeyWaiting: 'Waiting for your passkey',
  usePasskey: 'Use my passkey',
  chooseAnother: 'Choose another way',
  emailHeading: 'Enter the code from your e-mail',
  emailText: 'We sent a code to {destination}. It can take a minute to arrive.',
  passwordHeading: 'Enter your password',
  passwordText: 'Signing in as {email}.',
} as const;

export type PasswordlessWord = keyof typeof en;

const es: Record<PasswordlessWord, string> = {
  chooseHeading: 'Elige cómo iniciar sesión',
  chooseText: 'Vas a iniciar sesión como {email}. ¿Cómo quieres confirmar que eres tú?',
  chooseLabel: 'Formas de iniciar sesión',
  WEB_AUTHN: 'Iniciar sesión con una llave de acceso',
  EMAIL_OTP: 'Enviarme un código por correo',
  SMS_OTP: 'Enviarme un código por SMS',
  PASSWORD: 'Usar mi contraseña',
  PASSWORD_SRP: 'Usar mi contraseña',
  passkeyHeading: 'Iniciar sesión con una llave de acceso',
  passkeyText:
    'El navegador te pide la llave de acceso de {email}: confirma con tu huella, tu cara, el bloqueo de pantalla o una llave de seguridad.',
  passkeyWaiting: 'Esperando a tu llave de acceso',
  usePasskey: 'Usar mi llave de acceso',
  chooseAnother: 'Elegir otra forma',
  emailHeading: 'Escribe el código del correo',
  emailText: 'Hemos enviado un código a {destination}. Puede tardar un minuto en llegar.',
  passwordHeading: 'Escribe tu contraseña',
  passwordText: 'Vas a iniciar sesión como {email}.',
};

const words: Record<Language, Record<PasswordlessWord, string>> = { en, es };

export const word = (language: Language, key: PasswordlessWord): string => words[language][key];

/** What the client says when a passkey cannot be used (src/cognito/webauthn.ts), and spec §8's words for a missing platform feature. */
addMessages([
  {
    en: 'The passkey request was cancelled or timed out.',
    es: 'Se ha cancelado la solicitud de la llave de acceso o se ha agotado el tiempo.',
  },
  { en: 'This device already has a passkey for this account.', es: 'Este dispositivo ya tiene una llave de acceso para esta cuenta.' },
  { en: 'The passkey could not be used.', es: 'No se ha podido usar la llave de acceso.' },
  { en: 'Function not supported on current platform', es: 'Esta función no está disponible en esta plataforma' },
]);
