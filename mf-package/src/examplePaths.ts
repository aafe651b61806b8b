/** A concrete address for each of this remote's route patterns, linked from its standalone page. */
export const EXAMPLE_PATHS: string[] = [
  '/package/npm/left-pad',
  '/package/gh/octo-org/widgets'
];
