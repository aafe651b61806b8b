/**
 * Requests to npm registries with their credentials. A credential goes only with a request whose URL lies
 * under the registry prefix it was configured for (`//host[:port]/path/`, the longest matching one, as npm
 * chooses): a tarball the document places on another host is fetched without it, and a redirect is followed
 * here, hop by hop, so that a registry sending us elsewhere never hands that host our token.
 */
import type { RegistryCredential } from '../../config/npmRegistries.ts';
import { PackageError } from '../types.ts';
import { discard, fetchUpstream, type UpstreamRequest, type UpstreamResponse } from '../upstream/fetchUpstream.ts';

const MAX_REDIRECTS = 10;

/** The `authorization` header value for a URL, if a credential was configured for where it points. */
export function authorizationFor(url: string, credentials: readonly RegistryCredential[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const bare = `//${parsed.host}${parsed.pathname}`;
  // `credentials` is sorted longest prefix first.
  return credentials.find((credential) => bare.startsWith(credential.prefix))?.authorization.reveal();
}

/** fetchUpstream with the credential the URL is entitled to, following redirects itself when one is sent. */
export async function fetchRegistry(request: UpstreamRequest, credentials: readonly RegistryCredential[]): Promise<UpstreamResponse> {
  let url = request.url;
  for (let hop = 0; ; hop++) {
    const authorization = authorizationFor(url, credentials);
    if (!authorization && hop === 0) return fetchUpstream(request);
    const headers = { ...request.headers, ...(authorization ? { authorization } : {}) };
    const response = await fetchUpstream({ ...request, url, headers, redirect: 'manual' });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (!location) return response;
    discard(response);
    if (hop >= MAX_REDIRECTS) throw PackageError.upstreamFailed(request.what, `more than ${MAX_REDIRECTS} redirects`);
    url = new URL(location, url).toString();
  }
}
