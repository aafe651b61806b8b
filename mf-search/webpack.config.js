import { createConfig } from '../webpack/createConfig.mjs';

export default createConfig({
  name: 'mf-search',
  packageDir: import.meta.dirname,
  port: 3001,
  role: 'remote',
  exposes: {
    './pages': './src/pages/index.ts',
    './mount': './src/mount.ts',
    './CompactSearch': './src/compact/index.ts',
  },
});
