import { createContext } from 'react';
import type { AuthClient } from '../cognito/index.ts';

/**
 * The Cognito client, for the composition root's own use: ProtectedLayout
 * makes the session API from it once the customer is signed in, so the
 * session API's code stays off the path to the sign-in form.
 */
export const AuthClientContext = createContext<AuthClient | null>(null);
