import { createSrpSession, signSrpSession } from 'cognito-srp-helper';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, bytesToHex, hexToBigInt, hexToBytes, padHex, randomBytes } from './encoding.ts';
import { N, g, k, modPow, powerOfTwoInSteps } from './group.ts';
import { sha256 } from './hash.ts';
import { computeX, createEphemeral, EPHEMERAL_BYTES, formatTimestamp, prepareEphemeral, signPasswordClaim, takeEphemeral } from './srp.ts';

describe('SRP group and encoding', () => {
  it('k is H(padHex(N) ‖ padHex(g))', async () => {
    const hashed = await sha256(hexToBytes(padHex(N) + padHex(g)));
    expect(hexToBigInt(bytesToHex(hashed))).toBe(k);
  });

  it('padHex encodes like Java BigInteger.toByteArray', () => {
    expect(padHex(20n)).toBe('14');
    expect(padHex(200n)).toBe('00c8');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(0x8abcn)).toBe('008abc');
    expect(padHex(N).length).toBe(385 * 2);
  });

  it('modPow agrees with repeated multiplication', () => {
    let expected = 1n;
    for (let i = 0; i < 37; i++) expected = (expected * 12345n) % 99991n;
    expect(modPow(12345n, 37n, 99991n)).toBe(expected);
  });

  it("modPow's windows and its ways for the generator agree with plain square-and-multiply, edges included", () => {
    const plain = (base: bigint, exponent: bigint, modulus: bigint) => {
      let result = 1n % modulus;
      let b = ((base % modulus) + modulus) % modulus;
      for (let e = exponent; e > 0n; e >>= 1n) {
        if (e & 1n) result = (result * b) % modulus;
        b = (b * b) % modulus;
      }
      return result;
    };
    const random = (bytes: number) => hexToBigInt(bytesToHex(randomBytes(bytes)));
    const cases: [bigint, bigint, bigint][] = [
      [g, 0n, N],
      [g, 1n, N],
      [g, 3071n, N],
      [g, 3072n, N],
      [0n, 5n, N],
      [N - 1n, 3n, N],
      [N + 2n, 77n, N],
      [-2n, 9n, 101n],
      [2n, 10n, 2n],
      [7n, 0n, 1n],
      [12345n, 37n, 99991n],
      // The generator modulo N by its four 128-bit parts below 2^512 (each written-out power of 2 alone, each part
      // full, a bit in every part), bit by bit from there.
      [g, 1n << 128n, N],
      [g, 1n << 256n, N],
      [g, 1n << 384n, N],
      [g, (1n << 128n) - 1n, N],
      [g, (1n << 512n) - 1n, N],
      [g, (1n << 384n) + (1n << 256n) + (1n << 128n) + 1n, N],
      [g, 1n << 512n, N],
      [g, 2n, 99991n],
    ];
    for (let i = 0; i < 4; i++)
      cases.push(
        [g, random(64), N],
        [g, random(32), N],
        [g, random(128), N],
        [random(384), random(160), N],
        [random(8), random(8), random(8) | 1n],
      );
    for (const [base, exponent, modulus] of cases) {
      expect(modPow(base, exponent, modulus), `${base}^${exponent} mod ${modulus}`).toBe(plain(base, exponent, modulus));
    }
    expect(() => modPow(g, -1n, N)).toThrow(RangeError);
  });

  it('2^e mod N made a slice at a time is the same power, however the bits are cut and wherever it is finished', () => {
    // Below 2^512, one step per bit position of the four 128-bit parts; above, one per bit of the exponent.
    const long = hexToBigInt(bytesToHex(randomBytes(128)));
    for (const [exponent, steps] of [
      [long, long.toString(2).length],
      [hexToBigInt(bytesToHex(randomBytes(64))), 128],
    ] as const) {
      const whole = modPow(g, exponent, N);
      for (const count of [1, 7, 16, 1024]) {
        const power = powerOfTwoInSteps(exponent, N);
        let slices = 1;
        while (!power.step(count)) slices++;
        expect(slices).toBe(Math.ceil(steps / count));
        expect(power.finish()).toBe(whole);
      }
      const halfway = powerOfTwoInSteps(exponent, N);
      halfway.step(Math.floor(steps / 2));
      expect(halfway.finish()).toBe(whole);
    }
    expect(powerOfTwoInSteps(0n, N).finish()).toBe(1n);
  });

  it('formats the timestamp with an unpadded day and the right weekday', () => {
    expect(formatTimestamp(new Date(Date.UTC(2026, 10, 2, 10, 2, 3)))).toBe('Mon Nov 2 10:02:03 UTC 2026');
    expect(formatTimestamp(new Date(Date.UTC(2026, 11, 31, 23, 59, 59)))).toBe('Thu Dec 31 23:59:59 UTC 2026');
  });
});

describe('SRP against cognito-srp-helper as an oracle', () => {
  const poolId = 'eu-west-1_LocalPool';
  const userId = '6b1c3f9e-2d43-4a5e-9b7a-0c1d2e3f4a5b';
  const password = 'Corr3ct horse!';

  it('derives the same A from the same a', () => {
    const session = createSrpSession(userId, password, poolId, false);
    const a = hexToBigInt(session.smallA);
    expect(modPow(g, a, N).toString(16)).toBe(session.largeA);
  });

  it('signs the same PASSWORD_VERIFIER claim for the same inputs', async () => {
    for (let round = 0; round < 3; round++) {
      const session = createSrpSession(userId, password, poolId, false);
      const a = hexToBigInt(session.smallA);
      const serverB = modPow(g, hexToBigInt(bytesToHex(randomBytes(32))), N).toString(16);
      const salt = bytesToHex(randomBytes(16));
      const secretBlock = bytesToBase64(randomBytes(64));
      const oracle = signSrpSession(session, {
        ChallengeParameters: { SALT: salt, SECRET_BLOCK: secretBlock, SRP_B: serverB, USER_ID_FOR_SRP: userId, USERNAME: userId },
      });
      const ours = await signPasswordClaim({
        ephemeral: { a, A: hexToBigInt(session.largeA) },
        serverB,
        salt,
        secretBlock,
        realm: 'LocalPool',
        userId,
        password,
        timestamp: session.timestamp,
      });
      expect(ours).toBe(oracle.passwordSignature);
    }
  });

  it('an ephemeral made ahead is given out once, to the next sign-in; after it, each one is new', async () => {
    const known = (length: number) => new Uint8Array(length).fill(7);
    await prepareEphemeral(known);
    await prepareEphemeral();
    const ahead = takeEphemeral();
    expect(ahead).toEqual(createEphemeral(known));
    const next = takeEphemeral();
    expect(next.a).not.toBe(ahead.a);
    expect(modPow(g, next.a, N)).toBe(next.A);
    expect(takeEphemeral().a).not.toBe(next.a);
  });

  it('makes the ephemeral ahead in slices, each followed by a wait for the next task', async () => {
    const known = (length: number) => new Uint8Array(length).fill(9);
    let waits = 0;
    // No time allowed per slice: each slice is one step of the exponent's bits.
    await prepareEphemeral(known, () => Promise.resolve(void waits++), 0);
    // 0x0909…: the 128 bit positions of its four parts in steps of 16, 8 slices, a wait between each two.
    expect(waits).toBe(7);
    expect(takeEphemeral()).toEqual(createEphemeral(known));
  });

  it('a sign-in that starts while the ephemeral is being made finishes it and takes it; the slices then stop', async () => {
    const known = (length: number) => new Uint8Array(length).fill(5);
    let nextSlice = () => {};
    let waits = 0;
    const pending = prepareEphemeral(
      known,
      () =>
        new Promise<void>((resolve) => {
          waits++;
          nextSlice = resolve;
        }),
      0,
    );
    expect(waits).toBe(1);
    expect(takeEphemeral()).toEqual(createEphemeral(known));
    nextSlice();
    await pending;
    expect(waits).toBe(1);
    // Given out once: the next sign-in makes its own.
    expect(takeEphemeral().a).not.toBe(hexToBigInt(bytesToHex(known(EPHEMERAL_BYTES))));
  });

  it('a wrong password signs differently', async () => {
    const session = createSrpSession(userId, password, poolId, false);
    const challenge = {
      SALT: bytesToHex(randomBytes(16)),
      SECRET_BLOCK: bytesToBase64(randomBytes(64)),
      SRP_B: modPow(g, 7n, N).toString(16),
      USER_ID_FOR_SRP: userId,
    };
    const oracle = signSrpSession(session, { ChallengeParameters: challenge });
    const ours = await signPasswordClaim({
      ephemeral: { a: hexToBigInt(session.smallA), A: hexToBigInt(session.largeA) },
      serverB: challenge.SRP_B,
      salt: challenge.SALT,
      secretBlock: challenge.SECRET_BLOCK,
      realm: 'LocalPool',
      userId,
      password: 'Wrong horse!1',
      timestamp: session.timestamp,
    });
    expect(ours).not.toBe(oracle.passwordSignature);
  });

  it('computes x from the salt as a number, not as text', async () => {
    // A salt whose top bit is set must be hashed with its 00 prefix.
    const x1 = await computeX('80' + '00'.repeat(15), 'LocalPool', userId, password);
    const x2 = await computeX('0080' + '00'.repeat(15), 'LocalPool', userId, password);
    expect(x1).toBe(x2);
  });

  it('draws 512 random bits for the private ephemeral, made ahead or not: twice the least the group needs, and no more', async () => {
    const asked: number[] = [];
    const counting = (length: number) => (asked.push(length), randomBytes(length));
    const { a } = createEphemeral(counting);
    await prepareEphemeral(counting);
    const ahead = takeEphemeral();
    expect(asked).toEqual([64, 64]);
    for (const made of [a, ahead.a]) expect(made.toString(2).length).toBeLessThanOrEqual(512);
    expect(modPow(g, ahead.a, N)).toBe(ahead.A);
  });

  it('never makes an ephemeral A that is 0 mod N', () => {
    const { A } = createEphemeral();
    expect(A % N).not.toBe(0n);
    expect(A).toBeLessThan(N);
  });
});
