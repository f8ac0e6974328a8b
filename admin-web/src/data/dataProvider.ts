import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { lrsFilter } from '../statements/statementText';
import { authHeaders, API_BASE } from './session';

/**
 * react-admin resource name -> path below /api/v1/admin (ra-data-simple-rest conventions on the server:
 * `sort`, `range`, `filter`, `Content-Range`).
 */
export const RESOURCE_PATHS: Record<string, string> = {
  users: 'users',
  messages: 'contact-messages',
  statements: 'lrs/statements',
  'lrs-credentials': 'lrs/credentials',
};

export function adminPath(resource: string): string {
  const path = RESOURCE_PATHS[resource];
  if (!path) throw new Error(`Unknown resource ${resource}`);
  return path;
}

/** fetchJson with the bearer and anti-forgery headers; retries once when the server hands a fresh token. */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const method = options.method ?? 'GET';
  const withHeaders = (csrf?: string): fetchUtils.Options => {
    const headers = new Headers(options.headers);
    for (const [k, v] of Object.entries(authHeaders(url, method, csrf))) headers.set(k, v);
    return { ...options, headers, credentials: 'same-origin' };
  };
  try {
    return await fetchUtils.fetchJson(url, withHeaders());
  } catch (error) {
    const retryToken = error instanceof Error && 'status' in error && (error as { status: number }).status === 403 ? freshTokenFrom(error) : null;
    if (retryToken && method !== 'GET') return fetchUtils.fetchJson(url, withHeaders(retryToken));
    throw error;
  }
};

function freshTokenFrom(error: Error): string | null {
  // fetchJson's HttpError keeps the body only; the cookie set by that same answer holds the fresh token.
  void error;
  const match = document.cookie.match(/(?:^|;\s*)osaps_csrf=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

const simpleRest = simpleRestProvider(`${API_BASE}/admin`, httpClient);

/**
 * ra-data-simple-rest over the admin resources, with react-admin resource names mapped to API paths and the
 * statement explorer's form filters turned into the LRS's filter names.
 */
export const dataProvider: DataProvider = {
  ...simpleRest,
  getList: (resource, params) =>
    simpleRest.getList(adminPath(resource), resource === 'statements' ? { ...params, filter: lrsFilter(params.filter ?? {}, window.location.origin) } : params),
  getOne: (resource, params) => simpleRest.getOne(adminPath(resource), params),
  getMany: (resource, params) => simpleRest.getMany(adminPath(resource), params),
  getManyReference: (resource, params) => simpleRest.getManyReference(adminPath(resource), params),
  create: (resource, params) => simpleRest.create(adminPath(resource), params),
  update: (resource, params) => simpleRest.update(adminPath(resource), params),
  updateMany: (resource, params) => simpleRest.updateMany(adminPath(resource), params),
  delete: (resource, params) => simpleRest.delete(adminPath(resource), params),
  deleteMany: (resource, params) => simpleRest.deleteMany(adminPath(resource), params),
};
