/**
 * Messages the widget shows that it did not write itself: the form rules of
 * spec §5 (from machines/authenticator/validation.ts), the client's error
 * catalogue of spec §8, and what Cognito (or the local test pool) answers.
 * They arrive in English, as the machine and the service word them; this
 * table gives each one in the other languages. A message not listed here is
 * shown as it came.
 *
 * `{name}` in a message matches any text; a matched part is translated too
 * when it is itself in the table (see translateMessage in translate.ts).
 */
export interface CatalogueEntry {
  en: string;
  es: string;
}

/** Spec §5: the form rules' own messages. */
const formRules: CatalogueEntry[] = [
  { en: 'This field is required', es: 'Este campo es obligatorio' },
  { en: 'Please enter a valid email', es: 'Escribe un correo electrónico válido' },
  { en: 'Your passwords must match', es: 'Las contraseñas deben coincidir' },
  { en: 'Password must have at least {count} characters', es: 'La contraseña debe tener al menos {count} caracteres' },
  { en: 'Password must have lower case letters', es: 'La contraseña debe tener letras minúsculas' },
  { en: 'Password must have upper case letters', es: 'La contraseña debe tener letras mayúsculas' },
  { en: 'Password must have numbers', es: 'La contraseña debe tener números' },
  { en: 'Password must have special characters', es: 'La contraseña debe tener caracteres especiales' },
  { en: 'Invalid MFA type', es: 'Tipo de verificación en dos pasos no válido' },
];

/** Spec §8: the client's and the widget's own errors. */
const clientErrors: CatalogueEntry[] = [
  { en: 'Auth UserPool not configured', es: 'El grupo de usuarios no está configurado' },
  { en: 'Auth UserPool or IdentityPool not configured', es: 'El grupo de usuarios o el grupo de identidades no está configurado' },
  { en: 'Auth Token Provider not configured', es: 'El almacén de tokens no está configurado' },
  { en: 'Invalid identity pool id provided.', es: 'El identificador del grupo de identidades no es válido.' },
  { en: 'oauth param not configured', es: 'Falta la configuración de OAuth' },
  {
    en: 'Configuration error (see console) – please contact the administrator',
    es: 'Error de configuración (ver la consola): ponte en contacto con el administrador',
  },
  { en: 'User needs to be authenticated to call this API.', es: 'Tienes que iniciar sesión para hacer esto.' },
  { en: 'Invalid tokens.', es: 'Los tokens no son válidos.' },
  { en: 'Auth session was not found. Make sure to call signIn.', es: 'No se ha encontrado la sesión. Vuelve a iniciar sesión.' },
  {
    en: 'Token refresh is not supported when authenticated with the implicit grant oauth flow',
    es: 'Los tokens no se pueden renovar cuando se inicia sesión con el flujo implícito de OAuth',
  },
  {
    en: 'Either deviceKey, deviceGroupKey or secretPassword were not found during the sign-in process.',
    es: 'Faltan datos del dispositivo recordado (deviceKey, deviceGroupKey o secretPassword) para iniciar sesión.',
  },
  { en: 'iat not found in access token', es: 'Al token de acceso le falta la fecha de emisión (iat)' },
  { en: 'Invalid token', es: 'El token no es válido' },
  { en: 'Invalid token payload', es: 'El contenido del token no es válido' },
  { en: 'Invalid user pool id provided.', es: 'El identificador del grupo de usuarios no es válido.' },
  {
    en: 'Cognito did not respond with either Credentials, AccessKeyId or SecretKey.',
    es: 'Cognito no ha devuelto las credenciales (Credentials, AccessKeyId o SecretKey).',
  },
  { en: 'Received undefined response from getId operation', es: 'La operación getId no ha devuelto ninguna respuesta' },
  { en: 'An unknown error has occurred.', es: 'Se ha producido un error desconocido.' },
  { en: 'Function not supported on current platform', es: 'Esta función no está disponible en esta plataforma' },
  { en: 'There is already a signed in user.', es: 'Ya hay una sesión iniciada.' },
  { en: 'The account was not confirmed on time.', es: 'La cuenta no se confirmó a tiempo.' },
  { en: 'User cancelled OAuth flow.', es: 'Has cancelado el inicio de sesión con el proveedor.' },
  // §8 names these three without words of its own; the client's are in src/cognito/oauth.ts.
  { en: 'Invalid OAuth redirect.', es: 'Redirección de OAuth no válida.' },
  { en: 'Invalid OAuth origin.', es: 'Origen de OAuth no válido.' },
  { en: 'Hosted login state validation failed.', es: 'No se ha podido validar el inicio de sesión alojado.' },
  { en: 'Authentication Error', es: 'Error de autenticación' },
  { en: 'Email cannot be empty', es: 'El correo electrónico no puede estar vacío' },
  { en: 'Phone number cannot be empty', es: 'El número de teléfono no puede estar vacío' },
  { en: 'Username cannot be empty', es: 'El nombre de usuario no puede estar vacío' },
  { en: 'Password cannot be empty', es: 'La contraseña no puede estar vacía' },
  { en: 'Confirmation code cannot be empty', es: 'El código de confirmación no puede estar vacío' },
  { en: 'Error creating account', es: 'Error al crear la cuenta' },
  { en: 'No valid MFA method provided', es: 'No se ha indicado ningún método de verificación en dos pasos válido' },
  { en: 'Challenge response cannot be empty', es: 'La respuesta no puede estar vacía' },
  { en: 'Network Error', es: 'Error de red' },
  {
    en: 'Device tracking has not been configured in this User Pool',
    es: 'Este grupo de usuarios no tiene activado el seguimiento de dispositivos',
  },
  { en: 'Please use your credentials to sign in', es: 'Usa tus credenciales para iniciar sesión' },
  {
    en: "Couldn't finish OAuth flow, check your User Pool HostedUI settings.",
    es: 'No se ha podido terminar el inicio de sesión con OAuth; revisa la configuración de la interfaz alojada del grupo de usuarios.',
  },
  { en: 'Too many requests. Please wait a moment and try again.', es: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.' },
  {
    en: 'The authenticator\'s "{actor}" actor was not provided.',
    es: 'Esta aplicación no ofrece este paso del inicio de sesión ("{actor}").',
  },
];

/** What Cognito (and the local test pool) answers, word for word. */
const serviceErrors: CatalogueEntry[] = [
  { en: 'Incorrect username or password.', es: 'El correo electrónico o la contraseña no son correctos.' },
  { en: 'User does not exist.', es: 'El usuario no existe.' },
  { en: 'User is not confirmed.', es: 'La cuenta no está confirmada.' },
  { en: 'User is disabled.', es: 'La cuenta está desactivada.' },
  { en: 'User is already confirmed.', es: 'La cuenta ya está confirmada.' },
  { en: 'User cannot be confirmed. Current status is CONFIRMED', es: 'La cuenta ya está confirmada.' },
  { en: 'Password reset required for the user', es: 'Tienes que restablecer la contraseña' },
  { en: 'Password attempts exceeded', es: 'Demasiados intentos con contraseña incorrecta' },
  { en: 'Attempt limit exceeded, please try after some time.', es: 'Has superado el límite de intentos; vuelve a intentarlo más tarde.' },
  { en: 'Invalid verification code provided, please try again.', es: 'El código de verificación no es válido; inténtalo de nuevo.' },
  { en: 'Invalid code provided, please request a code again.', es: 'El código ha caducado; pide uno nuevo.' },
  { en: 'Invalid code received for user', es: 'El código no es válido' },
  { en: 'Code mismatch and fail enable Software Token MFA', es: 'El código no coincide; la aplicación de autenticación no se ha activado' },
  { en: 'Invalid session for the user, session is expired.', es: 'La sesión ha caducado; vuelve a iniciar sesión.' },
  { en: 'An account with the given email already exists.', es: 'Ya existe una cuenta con este correo electrónico.' },
  {
    en: 'Temporary password has expired and must be reset by an administrator.',
    es: 'La contraseña temporal ha caducado; un administrador tiene que restablecerla.',
  },
  { en: 'Access Token has been revoked', es: 'El token de acceso se ha revocado' },
  { en: 'Refresh Token has been revoked', es: 'El token de actualización se ha revocado' },
  { en: 'Access Token has expired', es: 'El token de acceso ha caducado' },
  { en: 'Refresh Token has expired', es: 'El token de actualización ha caducado' },
  { en: 'Invalid Access Token', es: 'El token de acceso no es válido' },
  { en: 'Invalid Refresh Token', es: 'El token de actualización no es válido' },
  { en: 'Invalid email address format.', es: 'El formato del correo electrónico no es válido.' },
  { en: 'Invalid phone number format.', es: 'El formato del número de teléfono no es válido.' },
  { en: 'Username should be an email.', es: 'El nombre de usuario debe ser un correo electrónico.' },
  { en: 'User has not verified software token mfa', es: 'La aplicación de autenticación no está verificada' },
  { en: 'Software Token MFA has not been set up for the user.', es: 'La aplicación de autenticación no está configurada.' },
  { en: 'Software Token MFA has not been verified for the user.', es: 'La aplicación de autenticación no está verificada.' },
  {
    en: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    es: 'No se puede restablecer la contraseña: la cuenta no tiene un correo ni un teléfono verificado',
  },
  {
    en: 'User password cannot be reset in the current state.',
    es: 'La contraseña no se puede restablecer en el estado actual de la cuenta.',
  },
  { en: 'SignUp is not permitted for this user pool', es: 'Este grupo de usuarios no permite crear cuentas' },
  { en: 'Invalid MFA type.', es: 'Tipo de verificación en dos pasos no válido.' },
  { en: 'An internal error occurred.', es: 'Se ha producido un error interno.' },
  { en: 'Password did not conform with policy: {reason}', es: 'La contraseña no cumple la política: {reason}' },
  { en: 'Password not long enough', es: 'no es lo bastante larga' },
  { en: 'Password must have lowercase characters', es: 'debe tener minúsculas' },
  { en: 'Password must have uppercase characters', es: 'debe tener mayúsculas' },
  { en: 'Password must have numeric characters', es: 'debe tener números' },
  { en: 'Password must have symbol characters', es: 'debe tener símbolos' },
];

export const errorCatalogue: readonly CatalogueEntry[] = [...formRules, ...clientErrors, ...serviceErrors];
