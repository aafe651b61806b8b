/**
 * The GitHub client: the REST API subset the CDN needs (repository, tags, one branch) and archive downloads,
 * from the base URLs in the configuration, with the configured token if any.
 */
import { BRAND } from '@skylift/shared/brand';
import { PackageError } from '../types.ts';
import { discard, fetchUpstream, readJson, type UpstreamResponse } from '../upstream/fetchUpstream.ts';
import type { PackageMetrics } from '../upstream/metrics.ts';

export interface GitHubClientOptions {
  apiUrl: string;
  archiveUrl: string;
  token: string | undefined;
  timeoutMs: number;
  metrics: PackageMetrics;
}

export interface GitHubTag {
  name: string;
  sha: string;
}

export interface GitHubClient {
  /** The repository's default branch; PackageError 404 when the repository does not exist. */
  repository(repo: string): Promise<{ defaultBranch: string }>;
  /** Every tag with its commit (all pages). */
  tags(repo: string): Promise<GitHubTag[]>;
  /** The commit a branch points at, or null when there is no such branch. */
  branch(repo: string, branch: string): Promise<string | null>;
  /** The archive of a commit as a gzip tar stream. */
  archive(repo: string, sha: string): Promise<UpstreamResponse>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const PER_PAGE = 100;
/** Enough for any real repository's tags (10,000), and a stop against a paging loop. */
const MAX_PAGES = 100;

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const api = options.apiUrl.replace(/\/+$/, '');
  const archive = options.archiveUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': `${BRAND.name} CDN`,
  };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const path = (repo: string): string => repo.split('/').map(encodeURIComponent).join('/');

  const get = (url: string, what: string): Promise<UpstreamResponse> =>
    fetchUpstream({ upstream: 'github', kind: 'api', url, what, timeoutMs: options.timeoutMs, headers, metrics: options.metrics });

  /** GitHub answers 403/429 when the rate limit is spent: an upstream failure, not a missing repository. */
  const failUnlessOk = (response: UpstreamResponse, what: string): void => {
    if (response.status === 403 || response.status === 429) {
      discard(response);
      throw PackageError.upstreamFailed(what, `GitHub answered ${response.status} (its rate limit)`);
    }
  };

  return {
    async repository(repo) {
      const what = `version info for ${repo}`;
      const response = await get(`${api}/repos/${path(repo)}`, what);
      failUnlessOk(response, what);
      if (response.status !== 200) {
        discard(response);
        throw PackageError.packageNotFound(repo);
      }
      const body = await readJson(response, what);
      const defaultBranch = isRecord(body) && typeof body['default_branch'] === 'string' ? body['default_branch'] : null;
      if (!defaultBranch) throw PackageError.upstreamFailed(what, 'the repository has no default branch');
      return { defaultBranch };
    },
    async tags(repo) {
      const what = `the tags of ${repo}`;
      const tags: GitHubTag[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const response = await get(`${api}/repos/${path(repo)}/tags?per_page=${PER_PAGE}&page=${page}`, what);
        failUnlessOk(response, what);
        if (response.status === 404) {
          discard(response);
          throw PackageError.packageNotFound(repo);
        }
        if (response.status !== 200) {
          discard(response);
          throw PackageError.upstreamFailed(what, `GitHub answered ${response.status}`);
        }
        const body = await readJson(response, what);
        if (!Array.isArray(body)) throw PackageError.upstreamFailed(what, 'the tags are not a JSON array');
        for (const item of body) {
          if (isRecord(item) && typeof item['name'] === 'string' && isRecord(item['commit']) && typeof item['commit']['sha'] === 'string') {
            tags.push({ name: item['name'], sha: item['commit']['sha'] });
          }
        }
        if (body.length < PER_PAGE && !/rel="next"/.test(response.headers.get('link') ?? '')) break;
        if (body.length === 0) break;
      }
      return tags;
    },
    async branch(repo, branch) {
      const what = `the branch ${branch} of ${repo}`;
      const response = await get(`${api}/repos/${path(repo)}/branches/${encodeURIComponent(branch)}`, what);
      failUnlessOk(response, what);
      if (response.status !== 200) {
        discard(response);
        return null;
      }
      const body = await readJson(response, what);
      const sha = isRecord(body) && isRecord(body['commit']) ? body['commit']['sha'] : undefined;
      if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/i.test(sha)) throw PackageError.upstreamFailed(what);
      return sha.toLowerCase();
    },
    async archive(repo, sha) {
      const response = await fetchUpstream({
        upstream: 'github',
        kind: 'archive',
        url: `${archive}/${path(repo)}/tar.gz/${sha}`,
        what: `${repo}@${sha}`,
        timeoutMs: options.timeoutMs,
        headers: { 'user-agent': headers['user-agent']!, ...(options.token ? { authorization: headers['authorization']! } : {}) },
        metrics: options.metrics,
      });
      if (response.status !== 200) {
        discard(response);
        if (response.status === 404 || response.status === 422) throw PackageError.versionNotFound(sha);
        throw PackageError.upstreamFailed(`${repo}@${sha}`, `GitHub answered ${response.status} for the archive`);
      }
      return response;
    },
  };
}
