import { useSiteContent } from '@skylift/shared/content/useSiteContent';
import { SITE } from '../content/content';

/** Where a company asks about sponsoring: the address in content/site.json, else the deployment's code host; null when neither is set. */
export function useSponsorContactUrl(): string | null {
  const { codeHost } = useSiteContent().links;
  return SITE.sponsorship.contactUrl ?? codeHost;
}
