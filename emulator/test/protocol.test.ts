import { describe, expect, it } from 'vitest';
import { useEmulator } from './harness.ts';

const pool = useEmulator();

describe('wire protocol', () => {
  it('answers malformed JSON with SerializationException and keeps serving', async () => {
    const answer = await pool.raw('AWSCognitoIdentityProviderService.SignUp', '{"ClientId":');
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('SerializationException');
    expect(answer.headers.get('x-amzn-errortype')).toBe('SerializationException:');
    const after = await pool.raw('AWSCognitoIdentityProviderService.SignUp', '{}');
    expect(after.body.__type).toBe('InvalidParameterException');
  });

  it('answers a body that is not an object, and a wrong member type, with SerializationException', async () => {
    expect((await pool.raw('AWSCognitoIdentityProviderService.SignUp', '[1,2]')).body.__type).toBe('SerializationException');
    const answer = await pool.raw(
      'AWSCognitoIdentityProviderService.SignUp',
      JSON.stringify({ ClientId: 5, Username: 'a', Password: 'b' }),
    );
    expect(answer).toMatchObject({ status: 400, body: { __type: 'SerializationException' } });
  });

  it('names a missing member the way the service does', async () => {
    const answer = await pool.raw('AWSCognitoIdentityProviderService.InitiateAuth', JSON.stringify({ AuthFlow: 'USER_SRP_AUTH' }));
    expect(answer.body).toEqual({
      __type: 'InvalidParameterException',
      message: "1 validation error detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null",
    });
  });

  it('checks enum members', async () => {
    const answer = await pool.raw(
      'AWSCognitoIdentityProviderService.InitiateAuth',
      JSON.stringify({ AuthFlow: 'NOPE', ClientId: pool.clientId }),
    );
    expect(answer.body.__type).toBe('InvalidParameterException');
    expect(answer.body.message).toContain("Value 'NOPE' at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set");
  });

  it('answers an unknown or missing operation with UnknownOperationException', async () => {
    expect((await pool.raw('AWSCognitoIdentityProviderService.Nope', '{}')).body.__type).toBe('UnknownOperationException');
    expect((await pool.raw('NoSuchService.GetId', '{}')).body.__type).toBe('UnknownOperationException');
    expect((await pool.raw(undefined, '{}')).body.__type).toBe('UnknownOperationException');
  });

  it('refuses a body over 1 MiB without falling over', async () => {
    const answer = await pool.raw('AWSCognitoIdentityProviderService.SignUp', JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }));
    expect(answer).toMatchObject({ status: 400, body: { __type: 'SerializationException' } });
    expect((await pool.raw('AWSCognitoIdentityProviderService.SignUp', '{}')).status).toBe(400);
  });

  it('refuses an unsigned admin call as AWS does', async () => {
    const answer = await pool.raw(
      'AWSCognitoIdentityProviderService.AdminGetUser',
      JSON.stringify({ UserPoolId: pool.poolId, Username: 'x' }),
    );
    expect(answer).toMatchObject({ status: 400, body: { __type: 'MissingAuthenticationTokenException' } });
    const signed = await pool.raw(
      'AWSCognitoIdentityProviderService.AdminGetUser',
      JSON.stringify({ UserPoolId: pool.poolId, Username: 'x' }),
      {
        authorization: 'AWS4-HMAC-SHA256 Credential=test/20260101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=00',
      },
    );
    expect(signed.body.__type).toBe('UserNotFoundException');
  });

  it("answers with a request id and Cognito's content type", async () => {
    const response = await fetch(pool.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      body: '{}',
    });
    expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(response.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('names a caller chooses', () => {
  const signed = {
    authorization: 'AWS4-HMAC-SHA256 Credential=test/20260101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=00',
  };
  it('never reach the prototype of a lookup table', async () => {
    for (const target of [
      '__proto__.constructor',
      'constructor.name',
      'AWSCognitoIdentityProviderService.__proto__',
      'AWSCognitoIdentityProviderService.constructor',
    ]) {
      expect((await pool.raw(target, '{}')).body.__type).toBe('UnknownOperationException');
    }
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const body = JSON.stringify({ UserPoolId: name, Username: name });
      expect((await pool.raw('AWSCognitoIdentityProviderService.AdminGetUser', body, signed)).body.__type).toBe(
        'ResourceNotFoundException',
      );
      const user = JSON.stringify({ UserPoolId: pool.poolId, Username: name, DeviceKey: name });
      expect((await pool.raw('AWSCognitoIdentityProviderService.AdminGetDevice', user, signed)).body.__type).toBe('UserNotFoundException');
      const list = JSON.stringify({ UserPoolId: pool.poolId, Filter: `${name} = "x"` });
      expect((await pool.raw('AWSCognitoIdentityProviderService.ListUsers', list, signed)).body.__type).toBe('InvalidParameterException');
      expect(
        (await pool.raw('AWSCognitoIdentityProviderService.SignUp', JSON.stringify({ ClientId: name, Username: 'a@b.co', Password: 'x' })))
          .body.__type,
      ).toBe('ResourceNotFoundException');
      expect(
        (await pool.raw('AWSCognitoIdentityService.GetCredentialsForIdentity', JSON.stringify({ IdentityId: name }))).body.__type,
      ).toBe('ResourceNotFoundException');
      const token = ['e30', Buffer.from(name).toString('base64url'), 'AA', 'AA', 'AA'].join('.');
      const refresh = JSON.stringify({ ClientId: pool.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: token } });
      expect((await pool.raw('AWSCognitoIdentityProviderService.InitiateAuth', refresh)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid Refresh Token',
      });
    }
  });
});

describe('browser access', () => {
  it('answers CORS preflights for loopback origins only', async () => {
    const preflight = (origin: string) =>
      fetch(pool.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const local = await preflight('http://localhost:5173');
    expect(local.status).toBe(204);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    for (const header of ['x-amz-target', 'x-amz-user-agent', 'cache-control', 'amz-sdk-invocation-id', 'amz-sdk-request']) {
      expect(local.headers.get('access-control-allow-headers')).toContain(header);
    }
    expect(local.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it("publishes each pool's JWKS and 404s anything else", async () => {
    const jwks = (await (await fetch(`${pool.url}/${pool.poolId}/.well-known/jwks.json`)).json()) as {
      keys: { kty: string; alg: string }[];
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    const missing = await fetch(`${pool.url}/nope/.well-known/jwks.json`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { __type: string }).__type).toBe('ResourceNotFoundException');
  });
});
