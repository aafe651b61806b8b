/**
 * The deployment's site content for every package of the website: the shell publishes it from the boot
 * document at start-up; until then (a remote running alone) the defaults, which claim nothing, apply.
 */
import { BehaviorSubject } from 'rxjs';
import { useObservableValue } from '@skylift/shared';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@skylift/shared/config';

export const siteContent$ = new BehaviorSubject<SiteContent>(DEFAULT_SITE_CONTENT);

export function setSiteContent(content: SiteContent): void {
  siteContent$.next(content);
}

export function useSiteContent(): SiteContent {
  return useObservableValue(siteContent$);
}
