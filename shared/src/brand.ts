/**
 * The product's name and the strings derived from it live here and nowhere else,
 * so that a deployment can rename the product by changing this one module.
 */
export const BRAND = {
  name: 'Skylift',
  tagline: 'A free, fast, and reliable CDN for npm and GitHub',
  defaultTitle: 'Skylift - A free, fast, and reliable CDN for npm and GitHub',
  defaultDescription:
    'A free CDN for open source projects: files from npm and GitHub, served fast and forever, with more than 150 billion requests a month.',
  /** The connected network-testing tool's name, shown in the navigation with a NEW badge. */
  networkTool: 'Globalping',
  chatCommunityUrl: 'https://discord.gg/skylift',
  codeHostUrl: 'https://github.com/skylift-cdn',
  socialUrl: 'https://x.com/skyliftcdn',
  /** The external mailing-list service's subscribe endpoint that the footer's newsletter form posts to. */
  newsletterUrl: 'https://newsletter.skylift.dev/subscribe',
  jobNoticeKey: 'skylift-job-notice-senior-nodejs-engineer',
} as const;
