/** A concrete address for each of this remote's route patterns, linked from its standalone page. */
export const EXAMPLE_PATHS: string[] = [
  '/esm',
  '/github',
  '/foundationcdn',
  '/unpkg',
  '/google',
  '/tools/purge',
  '/gsap',
  '/skypack',
  '/esmsh'
];
