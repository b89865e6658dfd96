import { createSrpSession, signSrpSessionWithDevice } from 'cognito-srp-helper';
import { describe, expect, it } from 'vitest';
import { createDeviceVerifier } from './device.ts';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBigInt, padHex, randomBytes } from './encoding.ts';
import { N, g, modPow } from './group.ts';
import { computeX, signPasswordClaim } from './srp.ts';

describe('device SRP', () => {
  const deviceKey = 'eu-west-1_6b1c3f9e-2d43-4a5e-9b7a-0c1d2e3f4a5b';
  const deviceGroupKey = '-Xe1B2c3D';

  it('makes a verifier that is g^x for its own salt and random password', async () => {
    const made = await createDeviceVerifier(deviceGroupKey, deviceKey);
    expect(base64ToBytes(made.randomPassword)).toHaveLength(40);
    const saltHex = bytesToHex(base64ToBytes(made.salt));
    const x = await computeX(saltHex, deviceGroupKey, deviceKey, made.randomPassword);
    expect(bytesToHex(base64ToBytes(made.passwordVerifier))).toBe(padHex(modPow(g, x, N)));
  });

  it('signs the same DEVICE_PASSWORD_VERIFIER claim as cognito-srp-helper', async () => {
    const made = await createDeviceVerifier(deviceGroupKey, deviceKey);
    const session = createSrpSession('someone', 'unused', 'eu-west-1_LocalPool', false);
    const challenge = {
      SALT: bytesToHex(base64ToBytes(made.salt)),
      SECRET_BLOCK: bytesToBase64(randomBytes(48)),
      SRP_B: modPow(g, hexToBigInt(bytesToHex(randomBytes(32))), N).toString(16),
      DEVICE_KEY: deviceKey,
      USERNAME: 'someone',
    };
    const oracle = signSrpSessionWithDevice(session, { ChallengeParameters: challenge }, deviceGroupKey, made.randomPassword);
    const ours = await signPasswordClaim({
      ephemeral: { a: hexToBigInt(session.smallA), A: hexToBigInt(session.largeA) },
      serverB: challenge.SRP_B,
      salt: challenge.SALT,
      secretBlock: challenge.SECRET_BLOCK,
      realm: deviceGroupKey,
      userId: deviceKey,
      password: made.randomPassword,
      timestamp: session.timestamp,
    });
    expect(ours).toBe(oracle.passwordSignature);
  });
});
