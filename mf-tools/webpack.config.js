import { createConfig } from '../webpack/createConfig.mjs';

export default createConfig({
  name: 'mf-tools',
  packageDir: import.meta.dirname,
  port: 3004,
  role: 'remote',
  exposes: {
    './pages': './src/pages/index.ts',
    './mount': './src/mount.ts',
  },
});
