/** Leaves the site for another one (a full page load, replacing the current history entry). */
export function leaveSiteFor(url: string): void {
  window.location.replace(url);
}
