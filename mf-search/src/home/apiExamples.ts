/**
 * The API promo's examples: a request to our data API and the answer's shape, as the data API gives it
 * (see the OpenAPI description served at /docs/data.jsdelivr.com).
 */
export type ApiExampleId = 'entrypoints' | 'versions' | 'files';

export const API_TABS: ReadonlyArray<{ id: ApiExampleId; label: string }> = [
  { id: 'entrypoints', label: 'Entrypoints' },
  { id: 'versions', label: 'Versions' },
  { id: 'files', label: 'Files' },
];

export interface ApiExample {
  description: string;
  path: string;
  response: unknown;
}

export const API_EXAMPLES: Record<ApiExampleId, ApiExample> = {
  entrypoints: {
    description: 'The main JS and CSS files of a package version, with a flag when they were guessed rather than set by the author.',
    path: '/v1/packages/npm/bootstrap@5.3.3/entrypoints',
    response: {
      entrypoints: {
        js: { file: '/dist/js/bootstrap.min.js', guessed: false },
        css: { file: '/dist/css/bootstrap.min.css', guessed: false },
      },
    },
  },
  versions: {
    description: 'Every published version of a package and its tags, newest first.',
    path: '/v1/packages/npm/jquery',
    response: {
      type: 'npm',
      name: 'jquery',
      tags: { beta: '4.0.0-beta.2', latest: '3.7.1' },
      versions: [
        {
          version: '4.0.0-beta.2',
          links: {
            self: '/v1/packages/npm/jquery@4.0.0-beta.2',
            entrypoints: '/v1/packages/npm/jquery@4.0.0-beta.2/entrypoints',
            stats: '/v1/stats/packages/npm/jquery@4.0.0-beta.2',
          },
        },
        {
          version: '3.7.1',
          links: {
            self: '/v1/packages/npm/jquery@3.7.1',
            entrypoints: '/v1/packages/npm/jquery@3.7.1/entrypoints',
            stats: '/v1/stats/packages/npm/jquery@3.7.1',
          },
        },
      ],
    },
  },
  files: {
    description: 'The file tree of a package version, each file with its size and SRI-ready hash.',
    path: '/v1/packages/npm/jquery@3.7.1?structure=flat',
    response: {
      type: 'npm',
      name: 'jquery',
      version: '3.7.1',
      default: '/dist/jquery.min.js',
      files: [
        { name: '/dist/jquery.js', hash: 'eKhayi8LEQwp4NKxN+CfCh+3qOVUtJn3QNZ0TciWLP4=', size: 285314 },
        { name: '/dist/jquery.min.js', hash: '/JqT3SQfawRcv/BIHPThkBvs0OEvtFFmqPF/lYI/Cxo=', size: 87533 },
      ],
    },
  },
};
