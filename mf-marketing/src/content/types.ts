/** The shapes of the JSON files in content/ (see content/README.md). */

export interface Link {
  label: string;
  url: string;
}

export interface SiteContent {
  headlineFigures: { regions: number | null; websites: number | null };
  sponsorship: { contactUrl: string | null; donations: Link[] };
  networkTool: { siteUrl: string | null; apiUrl: string | null; apiDocsUrl: string | null };
}

export interface Person {
  name: string;
  role?: string;
  url?: string;
  avatar?: string;
}

export interface PeopleContent {
  coreTeam: Person[];
  frequentContributors: Person[];
  contributors: Person[];
}

export type SponsorTier = 'platinum' | 'gold' | 'bronze';

export interface Sponsor {
  name: string;
  url: string;
  logo?: string;
}

export type SponsorsContent = Record<SponsorTier, Sponsor[]>;

export type PlanId = SponsorTier | 'custom';

export interface Plan {
  id: PlanId;
  name: string;
  price: string | null;
  priceRange?: string;
  period: string | null;
  benefits: string[];
}

export type EventType = 'updates' | 'deals' | 'numbers';

export interface TimelineEvent {
  year: number;
  /** 1 to 12. */
  month: number;
  /** Markdown (links allowed). */
  text: string;
  type: EventType;
  img?: { name: string; ext: 'svg' | 'png'; widthLarge: number; widthSmall: number; class?: string };
}

export interface NetworkProvider {
  /** A location whose title starts with this prefix belongs to the provider. */
  prefix: string;
  name: string;
  color: string;
}

export interface NetworkLocation {
  title: string;
  latitude: number;
  longitude: number;
}

export interface BlogPostMeta {
  slug: string;
  title: string;
  published: string;
  summary: string;
}
