/** A concrete address for each of this remote's route patterns, linked from its standalone page. */
export const EXAMPLE_PATHS: string[] = [
  '/about',
  '/become-a-sponsor',
  '/network',
  '/network/infographic',
  '/new-jsdelivr',
  '/sponsors',
  '/using-sri-with-dynamic-files',
  '/terms',
  '/terms/privacy-policy',
  '/history',
  '/documentation',
  '/docs/data.jsdelivr.com',
  '/docs/api.globalping.io',
  '/blog',
  '/globalping',
  '/globalping/network-tools/ping-from-europe'
];
