/**
 * The modules every federated package shares as singletons, with the versions the root package.json
 * installs. One copy of React, of the router (its state lives in react-router) and of the shared library
 * means every remote sees the same router and the same stores.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(repositoryRoot, file), 'utf8'));

export function sharedDependencies() {
  const rootDependencies = readJson('package.json').dependencies;
  const sharedVersion = readJson('shared/package.json').version;
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  const fromRoot = (pkg) => singleton(rootDependencies[pkg]);
  return {
    react: fromRoot('react'),
    // The trailing-slash keys cover react/jsx-runtime and react-dom/client; without them React can load twice.
    'react/': fromRoot('react'),
    'react-dom': fromRoot('react-dom'),
    'react-dom/': fromRoot('react-dom'),
    'react-router': fromRoot('react-router'),
    'react-router-dom': fromRoot('react-router-dom'),
    rxjs: fromRoot('rxjs'),
    '@skylift/shared': { ...singleton(`^${sharedVersion}`), version: sharedVersion },
    '@skylift/shared/': { ...singleton(`^${sharedVersion}`), version: sharedVersion },
  };
}
