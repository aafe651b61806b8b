import { createConfig } from '../webpack/createConfig.mjs';

export default createConfig({
  name: 'mf-package',
  packageDir: import.meta.dirname,
  port: 3002,
  role: 'remote',
  exposes: {
    './pages': './src/pages/index.ts',
    './mount': './src/mount.ts',
  },
});
