/**
 * `@skylift/shared/stores`: the state every package of the site shares (one copy per page, as the library is
 * a federation singleton): the statistics periods and the deployment's site content, with the copyright
 * line's years that read both. The link collection is with the links (`@skylift/shared/links`), the runtime
 * configuration in the main entry.
 */
export * from './periods';
export { siteContent$, setSiteContent, useSiteContent } from '../content/useSiteContent';
export { copyrightYears, useCopyrightYears } from '../content/copyright';
