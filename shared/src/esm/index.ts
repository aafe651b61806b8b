/** `@skylift/shared/esm`: the module the esm.run demo imports, the frame the module benchmark runs in, and the split of a list of package specs. Pure: the web server reads it too. */
export * from './demoModule';
export * from './benchmarkFrame';
export * from './specList';
