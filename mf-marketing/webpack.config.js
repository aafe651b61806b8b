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
});
