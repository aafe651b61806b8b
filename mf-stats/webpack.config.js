import { createConfig } from '../webpack/createConfig.mjs';

export default createConfig({
  name: 'mf-stats',
  packageDir: import.meta.dirname,
  port: 3003,
  role: 'remote',
  exposes: {
    './pages': './src/pages/index.ts',
    './mount': './src/mount.ts',
  },
});
