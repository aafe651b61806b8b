import { useSiteContent } from '@skylift/shared/stores';
import { SITE } from '../content/content';

/** How a company reaches the people who run this deployment about sponsoring. */
export interface SponsorContact {
  href: string;
  /** What the link is, in words ("sponsors@example.org", "the project's code host"). */
  label: string;
}

/**
 * The contact the operator's content names (`links.sponsorship`), else the one content/site.json names
 * (`sponsorship.contactUrl`, else `sponsorship.contactEmail`), else the deployment's code host from its site
 * content; null when the operator has set none of them.
 */
export function useSponsorContact(): SponsorContact | null {
  const { codeHost, sponsorship } = useSiteContent().links;
  if (sponsorship?.startsWith('mailto:')) return { href: sponsorship, label: sponsorship.slice('mailto:'.length) };
  if (sponsorship) return { href: sponsorship, label: sponsorship.replace(/^https?:\/\//, '').replace(/\/$/, '') };
  const { contactUrl, contactEmail } = SITE.sponsorship;
  if (contactUrl) return { href: contactUrl, label: contactUrl.replace(/^https?:\/\//, '').replace(/\/$/, '') };
  if (contactEmail) return { href: `mailto:${contactEmail}`, label: contactEmail };
  if (codeHost) return { href: codeHost, label: "the project's code host" };
  return null;
}
