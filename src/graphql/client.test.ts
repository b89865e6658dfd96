import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLClient, GraphQLRequestError } from './client.ts';

/**
 * A local stand-in for the GraphQL endpoint: a real HTTP server that checks
 * the API key and answers per the query text, so every error path is exercised over the wire.
 */
let server: Server;
let endpoint: string;
const seen: { headers: IncomingMessage['headers']; body: { query: string; variables?: unknown } }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { query: string; variables?: unknown };
      seen.push({ headers: req.headers, body });
      const reply = (status: number, payload: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload);
      };
      if (req.headers['x-api-key'] !== 'da2-good') {
        return reply(
          401,
          JSON.stringify({ errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }] }),
        );
      }
      if (body.query.includes('Health')) return reply(200, JSON.stringify({ data: { __typename: 'Query' } }));
      if (body.query.includes('Broken'))
        return reply(200, JSON.stringify({ data: null, errors: [{ message: 'Cannot query field "nope"', path: ['nope'] }] }));
      if (body.query.includes('Crash')) return reply(502, '<html>Bad gateway</html>');
      return reply(200, JSON.stringify({ data: { echo: body.variables } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>): Promise<GraphQLRequestError> {
  const error = await promise.then(
    () => expect.fail('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GraphQLRequestError);
  return error as GraphQLRequestError;
}

describe('GraphQL client', () => {
  it('answers the health query with the API key header', async () => {
    expect(await createGraphQLClient({ endpoint, apiKey: 'da2-good' }).health()).toBe(true);
    expect(seen.at(-1)?.headers['x-api-key']).toBe('da2-good');
    expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('sends variables and returns data', async () => {
    const client = createGraphQLClient({ endpoint, apiKey: 'da2-good' });
    expect(await client.request<{ echo: unknown }, { id: string }>('query Echo($id: ID!) { echo(id: $id) }', { id: '42' })).toEqual({
      echo: { id: '42' },
    });
  });

  it('maps a refused key, GraphQL errors, a bad gateway and no network to one error type', async () => {
    const refused = await failure(createGraphQLClient({ endpoint, apiKey: 'da2-wrong' }).health());
    expect(refused).toMatchObject({ kind: 'graphql', status: 401, message: 'You are not authorized to make this call.' });

    const client = createGraphQLClient({ endpoint, apiKey: 'da2-good' });
    const broken = await failure(client.request('query Broken { nope }'));
    expect(broken).toMatchObject({ kind: 'graphql', message: 'Cannot query field "nope"' });
    expect(broken.errors?.[0]?.path).toEqual(['nope']);

    expect(await failure(client.request('query Crash { x }'))).toMatchObject({ kind: 'http', status: 502 });

    const offline = await failure(createGraphQLClient({ endpoint: 'http://127.0.0.1:9/graphql', apiKey: 'k' }).health());
    expect(offline).toMatchObject({ kind: 'network', message: 'Network Error' });
  });
});
