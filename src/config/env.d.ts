interface ImportMetaEnv {
  readonly VITE_AWS_REGION?: string;
  readonly VITE_USER_POOL_ID?: string;
  readonly VITE_USER_POOL_CLIENT_ID?: string;
  readonly VITE_IDENTITY_POOL_ID?: string;
  readonly VITE_COGNITO_ENDPOINT?: string;
  readonly VITE_GRAPHQL_ENDPOINT?: string;
  readonly VITE_GRAPHQL_API_KEY?: string;
  readonly VITE_ALLOW_GUEST_ACCESS?: string;
  /** comma-separated: amazon, apple, google, facebook */
  readonly VITE_SOCIAL_PROVIDERS?: string;
  readonly VITE_TOKEN_STORE?: string;
  /** days, as the app client's refresh token expiration */
  readonly VITE_REFRESH_TOKEN_VALIDITY_DAYS?: string;
  readonly VITE_TOTP_ISSUER?: string;
  /** comma-separated spec §3 attributes for the sign-up form, e.g. given_name,phone_number */
  readonly VITE_SIGN_UP_ATTRIBUTES?: string;
  readonly VITE_MFA_METHODS?: string;
  readonly VITE_USER_SESSIONS?: string;
  /** comma-separated first factors the pool allows: PASSWORD, EMAIL_OTP, SMS_OTP, WEB_AUTHN (default: PASSWORD) */
  readonly VITE_FIRST_FACTORS?: string;
  /** "false": no passkey offered after a password sign-in (default: offered when VITE_FIRST_FACTORS has WEB_AUTHN) */
  readonly VITE_OFFER_PASSKEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
