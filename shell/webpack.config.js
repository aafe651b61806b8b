import { createConfig } from '../webpack/createConfig.mjs';

export default createConfig({
  name: 'shell',
  packageDir: import.meta.dirname,
  port: 3000,
  role: 'host',
});
