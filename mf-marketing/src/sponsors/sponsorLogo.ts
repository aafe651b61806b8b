import { contentUrl } from '../content/contentUrl';

/** A sponsor's logo: a full URL as given, or a file of content/sponsors/. */
export function sponsorLogoUrl(logo: string): string {
  return /^https?:\/\//.test(logo) ? logo : contentUrl(`sponsors/${logo}`);
}
