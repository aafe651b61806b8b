/**
 * The product's name and the strings derived from it live here and nowhere else, so that a deployment can
 * rename the product by changing this one module. What a deployment says about itself beyond its name
 * (links, figures, sponsors, notices) is site content, not code: see content/siteContent.ts.
 */
export const BRAND = {
  name: 'Skylift',
  tagline: 'A free, fast, and reliable CDN for npm and GitHub',
  defaultTitle: 'Skylift - A free, fast, and reliable CDN for npm and GitHub',
  defaultDescription: 'A free CDN for open source projects: every file published to npm and GitHub, served with ready-made links and usage statistics.',
  /** The connected network-testing tool's name, shown in the navigation with a NEW badge. */
  networkTool: 'Globalping',
} as const;
