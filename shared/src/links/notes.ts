/** The warnings and notes shown beside generated links. */

/** The information page the SRI note links to. */
export const SRI_INFO_PATH = '/using-sri-with-dynamic-files';

export interface LinkNote {
  id: 'combine-relative-imports' | 'sri-dynamic-files' | 'sri-inactive';
  severity: 'warning' | 'info';
  text: string;
  link?: { href: string; text: string };
}

export const COMBINE_WARNING: LinkNote = {
  id: 'combine-relative-imports',
  severity: 'warning',
  text: 'Combined files are served from one new URL, so relative imports inside them (other modules, fonts, images, source maps) may break.',
};

export const SRI_NOTE: LinkNote = {
  id: 'sri-dynamic-files',
  severity: 'info',
  text: 'SRI hashes are given only for static files, and for +esm builds at their pinned URLs, whose bytes never change: minified, combined and version-aliased links are generated or may change, so they carry none.',
  link: { href: SRI_INFO_PATH, text: 'Using SRI with dynamic files' },
};

export const SRI_INACTIVE_NOTE: LinkNote = {
  id: 'sri-inactive',
  severity: 'warning',
  text: 'SRI applies only while HTML is on and Optimize and Version aliasing are off.',
  link: { href: SRI_INFO_PATH, text: 'Why?' },
};
