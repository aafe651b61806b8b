/** The shapes of the JSON files in content/ (see content/README.md). */

export interface Link {
  label: string;
  url: string;
}

/** What only the information pages need; figures, links and sponsors are the deployment's site content (SKYLIFT_CONTENT_FILE). */
export interface MarketingContent {
  sponsorship: {
    contactUrl: string | null;
    /** An address for sponsorship questions, offered as a mail link when no contact URL is set. */
    contactEmail?: string | null;
    donations: Link[];
  };
  networkTool: {
    siteUrl: string | null;
    apiUrl: string | null;
    apiDocsUrl: string | null;
    /** URL of the API's OpenAPI contract, shown as a reference on /docs/api.globalping.io when set. */
    apiContractUrl: string | null;
  };
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

export interface BlogPostMeta {
  slug: string;
  title: string;
  published: string;
  summary: string;
}
