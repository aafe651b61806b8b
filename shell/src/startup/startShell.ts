/**
 * Start-up: the boot document the web server wrote into the page gives the runtime configuration, the
 * remotes, their pages and the site content at once, so the first paint waits for no request. (The
 * statistics periods are fetched by the first period dropdown: `@skylift/shared/stores`.)
 */
import { setRuntimeConfig } from '@skylift/shared';
import { readBootDocument, readInlineBootDocument, type BootDocument } from '@skylift/shared/config';
import { setSiteContent } from '@skylift/shared/stores';
import { siteOf, type Site } from '../site/site';
import { registerBootRemotes } from './remoteRegistry';

function start(boot: BootDocument): Site {
  setRuntimeConfig(boot.config);
  setSiteContent(boot.content);
  registerBootRemotes(boot.remotes);
  return siteOf(boot);
}

/**
 * The site, synchronously when the page carries its boot document (every page the web server sends);
 * otherwise (the shell's dev server) after fetching it.
 */
export function startShell(): Site | Promise<Site> {
  const inline = readInlineBootDocument();
  return inline ? start(inline) : readBootDocument().then(start);
}
