/**
 * How long the browser-side SRP maths of one sign-in takes: the ephemeral
 * (g^a mod N) plus the password claim (two 3072-bit exponentiations and the
 * hashes). Runs the same code the app runs, with Node's Web Crypto and BigInt.
 *
 *   npx tsx bench/srp.ts [rounds]
 */
import { bytesToBase64, bytesToHex, hexToBigInt, randomBytes } from '../src/cognito/srp/encoding.ts';
import { N, g, modPow } from '../src/cognito/srp/group.ts';
import { createEphemeral, formatTimestamp, signPasswordClaim } from '../src/cognito/srp/srp.ts';

const rounds = Number(process.argv[2] ?? 30);
const serverB = modPow(g, hexToBigInt(bytesToHex(randomBytes(32))), N).toString(16);
const times = { ephemeral: [] as number[], claim: [] as number[] };

for (let i = 0; i < rounds + 3; i++) {
  const t0 = performance.now();
  const ephemeral = createEphemeral();
  const t1 = performance.now();
  await signPasswordClaim({
    ephemeral,
    serverB,
    salt: bytesToHex(randomBytes(16)),
    secretBlock: bytesToBase64(randomBytes(64)),
    realm: 'LocalPool',
    userId: '6b1c3f9e-2d43-4a5e-9b7a-0c1d2e3f4a5b',
    password: 'Corr3ct-horse!',
    timestamp: formatTimestamp(new Date()),
  });
  const t2 = performance.now();
  // The first rounds warm the JIT up and are not counted.
  if (i >= 3) {
    times.ephemeral.push(t1 - t0);
    times.claim.push(t2 - t1);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const total = times.ephemeral.map((t, i) => t + times.claim[i]!);
console.log(`SRP maths per sign-in over ${rounds} rounds (Node ${process.version}):`);
console.log(`  ephemeral A = g^a mod N   median ${median(times.ephemeral).toFixed(1)} ms`);
console.log(`  password claim            median ${median(times.claim).toFixed(1)} ms`);
console.log(`  total                     median ${median(total).toFixed(1)} ms, max ${Math.max(...total).toFixed(1)} ms`);
