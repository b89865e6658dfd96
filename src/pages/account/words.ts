/**
 * The Account page's own words. They live with the page, not in src/i18n's
 * dictionaries, which the sign-in screens load first (scripts/vite/budget.ts):
 * these arrive only with the page. Messages that come in English (the form
 * rules of spec §5, Cognito's errors) are translated by src/i18n's `tr`.
 */
import type { Language } from '../../i18n/index.ts';

const en = {
  title: 'Account',
  lead: 'Your profile, your password and where you are signed in.',
  loading: 'Loading your account',
  profile: 'Profile',
  profileLead: 'The details of your account, as the sign-in service keeps them.',
  email: 'Email',
  verified: 'Verified',
  unverified: 'Unverified',
  changeEmail: 'Change e-mail',
  codeSentTo: 'We sent a code to {destination}. Enter it to verify the address.',
  verificationCode: 'Verification Code',
  verify: 'Verify',
  sendCode: 'Send a code',
  emailVerified: 'Your e-mail is verified.',
  givenName: 'Given Name',
  familyName: 'Family Name',
  nickname: 'Nickname',
  website: 'Website',
  save: 'Save',
  saved: 'Your profile is saved.',
  remove: 'Remove {field}',
  removed: '{field} removed.',
  password: 'Password',
  passwordLead: 'Change the password you sign in with.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  changePassword: 'Change Password',
  passwordChanged: 'Your password is changed.',
  sessions: 'Sessions',
  sessionsLead: 'Sign out on every device and browser where you are signed in, this one included.',
  signOutEverywhere: 'Sign out of all devices',
  deleteTitle: 'Delete account',
  deleteLead: 'Delete your account and what it holds. This cannot be undone.',
  deleteAccount: 'Delete account',
  deleteConfirmTitle: 'Delete the account {email}?',
  deleteConfirmText: 'The account {email} will be deleted and you will be signed out. This cannot be undone.',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
};

export type AccountWord = keyof typeof en;

const es: Record<AccountWord, string> = {
  title: 'Cuenta',
  lead: 'Tu perfil, tu contraseña y dónde tienes la sesión iniciada.',
  loading: 'Cargando tu cuenta',
  profile: 'Perfil',
  profileLead: 'Los datos de tu cuenta, tal como los guarda el servicio de acceso.',
  email: 'Correo electrónico',
  verified: 'Verificado',
  unverified: 'Sin verificar',
  changeEmail: 'Cambiar el correo',
  codeSentTo: 'Hemos enviado un código a {destination}. Escríbelo para verificar la dirección.',
  verificationCode: 'Código de verificación',
  verify: 'Verificar',
  sendCode: 'Enviar un código',
  emailVerified: 'Tu correo electrónico está verificado.',
  givenName: 'Nombre de pila',
  familyName: 'Apellidos',
  nickname: 'Apodo',
  website: 'Sitio web',
  save: 'Guardar',
  saved: 'Tu perfil se ha guardado.',
  remove: 'Quitar {field}',
  removed: '{field}: quitado.',
  password: 'Contraseña',
  passwordLead: 'Cambia la contraseña con la que inicias sesión.',
  currentPassword: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Confirmar contraseña',
  changePassword: 'Cambiar contraseña',
  passwordChanged: 'Tu contraseña se ha cambiado.',
  sessions: 'Sesiones',
  sessionsLead: 'Cierra la sesión en todos los dispositivos y navegadores donde la tengas iniciada, también en este.',
  signOutEverywhere: 'Cerrar sesión en todos los dispositivos',
  deleteTitle: 'Eliminar la cuenta',
  deleteLead: 'Elimina tu cuenta y lo que contiene. No se puede deshacer.',
  deleteAccount: 'Eliminar la cuenta',
  deleteConfirmTitle: '¿Eliminar la cuenta {email}?',
  deleteConfirmText: 'La cuenta {email} se eliminará y se cerrará tu sesión. No se puede deshacer.',
  cancel: 'Cancelar',
  dismiss: 'Cerrar',
};

const WORDS: Record<Language, Record<AccountWord, string>> = { en, es };

export function word(language: Language, key: AccountWord, params: Record<string, string> = {}): string {
  return WORDS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
