/**
 * `@skylift/shared/styles`: the design tokens as values (for what cannot read a custom property: echarts
 * options, a shadow root, SVG drawn from data, the server's pages and images) and the product's mark. Pure:
 * the web server reads it too. The tokens as a stylesheet are put on the page by `@skylift/shared/stylesheet`.
 */
export * from './tokens';
export * from './brandMark';
