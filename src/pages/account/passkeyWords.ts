import type { Language } from '../../i18n/index.ts';

/**
 * The words about passkeys: the Account page's Passkeys section and the offer
 * made after a password sign-in share them (the page's words.ts belongs to the
 * other sections), so the browser's refusals read the same in both.
 */
export const PASSKEY_WORDS = {
  en: {
    title: 'Passkeys',
    lead: 'Sign in with your fingerprint, face, screen lock or a security key instead of the password.',
    none: 'You have no passkey yet.',
    add: 'Add a passkey',
    added: 'Your passkey is ready: next time, sign in with it.',
    remove: 'Delete',
    removeLabel: 'Delete the passkey {name}',
    removed: 'The passkey {name} is deleted.',
    unnamed: 'Passkey',
    created: 'Created {date}',
    list: 'Your passkeys',
    loading: 'Loading your passkeys',
    offerTitle: 'Sign in faster next time?',
    offerText:
      'Create a passkey and sign in with your fingerprint, face or screen lock instead of typing your password. You can delete it on the Account page.',
    offerCreate: 'Create a passkey',
    offerDone: 'Done',
    PasskeyCancelled: 'No passkey was made: the request was cancelled or timed out.',
    PasskeyAlreadyRegistered: 'This device already has a passkey for this account.',
    PasskeyNotSupported: 'This browser cannot make passkeys.',
  },
  es: {
    title: 'Llaves de acceso',
    lead: 'Inicia sesión con tu huella, tu cara, el bloqueo de pantalla o una llave de seguridad en lugar de la contraseña.',
    none: 'Todavía no tienes ninguna llave de acceso.',
    add: 'Añadir una llave de acceso',
    added: 'Tu llave de acceso está lista: la próxima vez, inicia sesión con ella.',
    remove: 'Eliminar',
    removeLabel: 'Eliminar la llave de acceso {name}',
    removed: 'Se ha eliminado la llave de acceso {name}.',
    unnamed: 'Llave de acceso',
    created: 'Creada el {date}',
    list: 'Tus llaves de acceso',
    loading: 'Cargando tus llaves de acceso',
    offerTitle: '¿Quieres entrar más rápido la próxima vez?',
    offerText:
      'Crea una llave de acceso e inicia sesión con tu huella, tu cara o el bloqueo de pantalla en lugar de escribir la contraseña. Puedes eliminarla en la página Cuenta.',
    offerCreate: 'Crear una llave de acceso',
    offerDone: 'Listo',
    PasskeyCancelled: 'No se ha creado ninguna llave: la solicitud se ha cancelado o ha caducado.',
    PasskeyAlreadyRegistered: 'Este dispositivo ya tiene una llave de acceso para esta cuenta.',
    PasskeyNotSupported: 'Este navegador no puede crear llaves de acceso.',
  },
} satisfies Record<Language, Record<string, string>>;

export type PasskeyWord = keyof (typeof PASSKEY_WORDS)['en'];

/** The browser's refusals the passkey words explain; other errors go through the catalogue. */
export const BROWSER_ERRORS: readonly string[] = ['PasskeyCancelled', 'PasskeyAlreadyRegistered', 'PasskeyNotSupported'];
