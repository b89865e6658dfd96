export { Authenticator } from './Authenticator.tsx';
export { AuthProvider, useAuth, useAuthActor, usePending, useRoute } from './AuthProvider.tsx';
