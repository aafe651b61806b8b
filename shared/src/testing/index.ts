/**
 * `@skylift/shared/testing`: what the test suites of every package use: a runtime configuration, a fake
 * IntersectionObserver, a fixture HTTP server on loopback, the federation contract checks each remote runs,
 * and stand-ins for what would be downloaded. Never imported by code the site runs.
 */
export * from './runtimeConfigFixture';
export * from './fakeIntersectionObserver';
export * from './fixtureServer';
export * from './remoteContractTests';
export { provideWorldMap } from '../ui/worldMap/mapLoader';
