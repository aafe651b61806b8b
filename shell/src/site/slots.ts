/**
 * The slots of the frame as the remotes fill them: each remote's declaration says which slot it fills with
 * which of its exposes, and on which pages the slot stays empty. Pure, so the frame and its tests read one thing.
 */
import { matchPattern, normalisePathname, type RemoteName, type RemotePages, type SlotName } from '@skylift/shared/pages';

export interface ShownFill {
  remote: RemoteName;
  expose: string;
}

/** What fills `slot` at `pathname`, in the remotes' order: every fill but those whose exceptions match the address. */
export function slotFills(pages: readonly RemotePages[], slot: SlotName, pathname: string): ShownFill[] {
  const path = normalisePathname(pathname);
  return pages.flatMap(({ remote, slots = [] }) =>
    slots
      .filter((fill) => fill.slot === slot && !(fill.except ?? []).some((pattern) => matchPattern(pattern, path) !== null))
      .map((fill) => ({ remote, expose: fill.expose })),
  );
}
