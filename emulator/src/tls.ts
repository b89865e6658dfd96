/**
 * The hosted UI over TLS (`--tls-port`): AWS Amplify always builds
 * `https://<oauth.domain>/oauth2/…`, so the pool serves its routes over HTTPS
 * as well, with a certificate for `localhost` that it makes itself.
 *
 * Node's crypto parses X.509 certificates (X509Certificate) but cannot make
 * one, and `openssl` is not on every machine (a bare Debian has no openssl
 * binary), so the certificate is written here by hand: a minimal DER
 * TBSCertificate (RFC 5280) for a fresh P-256 key, signed with node:crypto.
 * It is self-signed, names `localhost`, 127.0.0.1 and ::1, and is kept beside
 * the state so that a browser told to trust it once keeps trusting it.
 */
import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface TlsMaterial {
  /** PEM */
  cert: string;
  /** PEM (PKCS#8) */
  key: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Browsers refuse leaf certificates valid for more than 398 days. */
const VALIDITY_DAYS = 397;

// DER, just what a certificate needs: each value is tag, length, contents.
function der(tag: number, contents: Buffer): Buffer {
  const length = contents.length;
  let header: Buffer;
  if (length < 0x80) header = Buffer.from([tag, length]);
  else {
    const bytes: number[] = [];
    for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
    header = Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([header, contents]);
}
const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
const explicit = (n: number, item: Buffer) => der(0xa0 + n, item);
const octetString = (contents: Buffer) => der(0x04, contents);
const bitString = (contents: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), contents]));
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const boolean = (value: boolean) => der(0x01, Buffer.from([value ? 0xff : 0]));

function integer(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const trimmed = bytes.subarray(start);
  return der(0x02, trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift(0x80 | (value & 0x7f));
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime (YYMMDDHHMMSSZ) up to 2049, GeneralizedTime after, as RFC 5280 §4.1.2.5 asks. */
function time(ms: number): Buffer {
  const iso = new Date(ms).toISOString();
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '');
  const year = new Date(ms).getUTCFullYear();
  return year < 2050 ? der(0x17, Buffer.from(`${digits.slice(2)}Z`)) : der(0x18, Buffer.from(`${digits}Z`));
}

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
const NAME = sequence(set(sequence(oid('2.5.4.3'), utf8('localhost'))));

/** A new self-signed certificate for localhost (and 127.0.0.1, ::1) and its key. */
export function makeLocalhostCertificate(now = Date.now()): TlsMaterial {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const names = sequence(
    der(0x82, Buffer.from('localhost')),
    der(0x87, Buffer.from([127, 0, 0, 1])),
    der(0x87, Buffer.from([...Array<number>(15).fill(0), 1])),
  );
  const extensions = sequence(
    sequence(oid('2.5.29.17'), octetString(names)),
    // Not a CA; the key signs TLS handshakes for a server.
    sequence(oid('2.5.29.19'), boolean(true), octetString(sequence())),
    sequence(oid('2.5.29.15'), boolean(true), octetString(der(0x03, Buffer.from([0x07, 0x80])))),
    sequence(oid('2.5.29.37'), octetString(sequence(oid('1.3.6.1.5.5.7.3.1')))),
  );
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_WITH_SHA256,
    NAME,
    sequence(time(now - DAY_MS), time(now + VALIDITY_DAYS * DAY_MS)),
    NAME,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, extensions),
  );
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, bitString(sign('sha256', tbs, privateKey)));
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64.replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Whether a certificate and key belong together and the certificate is good for localhost for another day. */
function usable(material: TlsMaterial, now: number): boolean {
  try {
    const certificate = new X509Certificate(material.cert);
    return (
      certificate.checkPrivateKey(createPrivateKey(material.key)) &&
      certificate.checkHost('localhost') !== undefined &&
      Date.parse(certificate.validTo) > now + DAY_MS &&
      Date.parse(certificate.validFrom) <= now
    );
  } catch {
    return false;
  }
}

/** Where the certificate made for a state file is kept: beside it. */
export const keptPaths = (statePath: string) => ({ cert: `${statePath}.tls-cert.pem`, key: `${statePath}.tls-key.pem` });

/**
 * The certificate the TLS port uses: the one kept beside the state while it is
 * still good, otherwise a new one (written there; in memory, made at each start).
 */
export function localhostCertificate(statePath: string | undefined, now = Date.now()): TlsMaterial & { madeNow: boolean } {
  const paths = statePath === undefined ? undefined : keptPaths(statePath);
  if (paths && existsSync(paths.cert) && existsSync(paths.key)) {
    const kept = { cert: readFileSync(paths.cert, 'utf8'), key: readFileSync(paths.key, 'utf8') };
    if (usable(kept, now)) return { ...kept, madeNow: false };
  }
  const made = makeLocalhostCertificate(now);
  if (paths) {
    writeFileSync(paths.key, made.key, { mode: 0o600 });
    chmodSync(paths.key, 0o600);
    writeFileSync(paths.cert, made.cert, { mode: 0o644 });
  }
  return { ...made, madeNow: true };
}

/** A certificate and key given on the command line (`--tls-cert`, `--tls-key`), checked to belong together. */
export function givenCertificate(certPath: string, keyPath: string): TlsMaterial {
  const material = { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8') };
  const certificate = new X509Certificate(material.cert);
  if (!certificate.checkPrivateKey(createPrivateKey(material.key))) {
    throw new Error(`${keyPath} is not the key of the certificate in ${certPath}`);
  }
  return material;
}
