/**
 * A small client for the product's GraphQL endpoint (AppSync-style, API-key
 * auth). The spec defines no operations yet; `health` proves the endpoint,
 * the key and the error mapping work.
 */

export type GraphQLErrorKind = 'network' | 'http' | 'graphql' | 'response';

/** The one error type callers see, whatever went wrong. */
export class GraphQLRequestError extends Error {
  override readonly name = 'GraphQLRequestError';
  readonly kind: GraphQLErrorKind;
  readonly status?: number;
  /** the server's `errors` array, for kind "graphql" */
  readonly errors?: readonly { message: string; path?: readonly (string | number)[] }[];

  constructor(
    kind: GraphQLErrorKind,
    message: string,
    details: { status?: number; errors?: GraphQLRequestError['errors']; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.errors = details.errors;
  }
}

export interface GraphQLClientOptions {
  endpoint: string;
  apiKey: string;
  fetch?: typeof fetch;
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; path?: (string | number)[] }[];
}

export function createGraphQLClient({ endpoint, apiKey, fetch: fetchImpl = fetch }: GraphQLClientOptions) {
  async function request<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
    query: string,
    variables?: TVariables,
  ): Promise<TData> {
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ query, variables }),
      });
    } catch (cause) {
      throw new GraphQLRequestError('network', 'Network Error', { cause });
    }
    let body: GraphQLResponse<TData>;
    try {
      body = (await response.json()) as GraphQLResponse<TData>;
    } catch (cause) {
      if (!response.ok) throw new GraphQLRequestError('http', `The API answered ${response.status}.`, { status: response.status, cause });
      throw new GraphQLRequestError('response', 'The API answered with something that is not JSON.', { status: response.status, cause });
    }
    if (body.errors?.length) {
      throw new GraphQLRequestError('graphql', body.errors.map((e) => e.message).join('; '), {
        status: response.status,
        errors: body.errors,
      });
    }
    if (!response.ok) throw new GraphQLRequestError('http', `The API answered ${response.status}.`, { status: response.status });
    if (body.data === undefined || body.data === null) {
      throw new GraphQLRequestError('response', 'The API answered without data.', { status: response.status });
    }
    return body.data;
  }

  return {
    request,
    /** True when the endpoint answers a query with this key. */
    async health(): Promise<boolean> {
      const data = await request<{ __typename: string }>('query Health { __typename }');
      return typeof data.__typename === 'string';
    },
  };
}

export type GraphQLClient = ReturnType<typeof createGraphQLClient>;
