import { createConfig } from '../webpack/createConfig.mjs';

export default createConfig({
  name: 'mf-marketing',
  packageDir: import.meta.dirname,
  port: 3005,
  role: 'remote',
  exposes: {
    './pages': './src/pages/index.ts',
    './mount': './src/mount.ts',
  },
  // The blog's posts and the network-testing API's addresses, for the web server's feed and policy.
  publishes: [{ file: 'published-content.json', module: './src/content/publishedContent.ts', inputs: ['content'] }],
});
