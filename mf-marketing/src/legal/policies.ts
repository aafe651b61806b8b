/** The documents under /terms, each a markdown file in content/legal/. */
export interface Policy {
  slug: string;
  title: string;
  file: string;
  summary: string;
}

export const POLICIES: Policy[] = [
  { slug: 'terms-of-use', title: 'Terms of use', file: 'legal/terms-of-use.md', summary: 'The rules for using the CDN, the website and the APIs.' },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    file: 'legal/privacy-policy.md',
    summary: 'Exactly what is recorded when you use the service, and for how long.',
  },
  { slug: 'sub-processors', title: 'Sub-processors', file: 'legal/sub-processors.md', summary: 'The third parties that handle data while the service runs.' },
];

export const policyBySlug = (slug: string): Policy | undefined => POLICIES.find((policy) => policy.slug === slug);

/** What `/terms/:currentPolicy` accepts: one of the documents; anything else is no page. */
export const POLICY_PARAM_PATTERN = POLICIES.map((policy) => policy.slug).join('|');
