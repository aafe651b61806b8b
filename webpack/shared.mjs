/**
 * The modules every federated package shares as singletons, with the versions the shared library's
 * package.json asks for (every remote builds on it). One copy of React, of the router (its state lives in react-router) and of the shared library
 * means every remote sees the same router and the same stores.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(repositoryRoot, file), 'utf8'));

export function sharedDependencies() {
  const { version: sharedVersion, dependencies } = readJson('shared/package.json');
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  const fromShared = (pkg) => singleton(dependencies[pkg]);
  return {
    react: fromShared('react'),
    // The trailing-slash keys cover react/jsx-runtime and react-dom/client; without them React can load twice.
    'react/': fromShared('react'),
    'react-dom': fromShared('react-dom'),
    'react-dom/': fromShared('react-dom'),
    'react-router': fromShared('react-router'),
    'react-router-dom': fromShared('react-router-dom'),
    rxjs: fromShared('rxjs'),
    '@skylift/shared': { ...singleton(`^${sharedVersion}`), version: sharedVersion },
    '@skylift/shared/': { ...singleton(`^${sharedVersion}`), version: sharedVersion },
  };
}
