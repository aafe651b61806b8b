import { BRAND } from '@skylift/shared/brand';
import { SITE } from '../content/content';

/** Where a company asks about sponsoring: the address in content/site.json, else the project's code host. */
export const sponsorContactUrl = (): string => SITE.sponsorship.contactUrl ?? BRAND.codeHostUrl;
