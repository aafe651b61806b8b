/**
 * A place of the frame that remotes fill by declaration (`slots` of their `./pages`, in the boot document): the
 * `Slot` component of each fill's expose, loaded through the federation loader as a page is. The shell names no
 * remote and no expose: what fills a place, and on which pages it stays empty (its code then not even
 * downloaded), is each remote's to declare. A fill that cannot be loaded or fails while rendering leaves its
 * place empty; the rest of the frame goes on.
 */
import { Component, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useAsync, valueOf } from '@skylift/shared';
import type { RemoteName, SlotModule, SlotName, SlotProps } from '@skylift/shared/pages';
import { loadRemoteModule } from '../../remotes/loadRemoteModule';
import { slotFills } from '../../site/slots';
import { useSite } from '../../site/site';
import { ensureRemotesRegistered } from '../../startup/remoteRegistry';

type SlotComponent = ComponentType<SlotProps>;

const loading = new Map<string, Promise<SlotComponent | null>>();

/** Loads a fill's component once per page load; null when it cannot be loaded or is no component. */
function loadFill(remote: RemoteName, expose: string): Promise<SlotComponent | null> {
  const key = `${remote} ${expose}`;
  let found = loading.get(key);
  if (!found) {
    found = ensureRemotesRegistered()
      .then(() => loadRemoteModule(remote, expose as `./${string}`))
      .then((module) => {
        const slot = (module as Partial<SlotModule>).Slot;
        return typeof slot === 'function' ? slot : null;
      })
      .catch(() => null);
    loading.set(key, found);
  }
  return found;
}

/** Forgets the loaded fills; for tests. */
export function forgetSlotFills(): void {
  loading.clear();
}

export interface FrameSlotProps extends SlotProps {
  name: SlotName;
}

export function FrameSlot({ name, className }: FrameSlotProps) {
  const { pages } = useSite();
  const { pathname } = useLocation();
  return slotFills(pages, name, pathname).map(({ remote, expose }) => (
    <Fill key={`${remote} ${expose}`} remote={remote} expose={expose} slot={name} className={className} />
  ));
}

function Fill({ remote, expose, slot, className }: { remote: RemoteName; expose: string; slot: SlotName; className?: string | undefined }) {
  const Loaded = valueOf(useAsync(() => loadFill(remote, expose), [remote, expose]));
  if (!Loaded) return null;
  return (
    <FillBoundary remote={remote} slot={slot}>
      <Loaded className={className} />
    </FillBoundary>
  );
}

/** A fill that throws while rendering empties its place and nothing else. */
class FillBoundary extends Component<{ remote: RemoteName; slot: SlotName; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.remote} failed in the ${this.props.slot} slot: ${error instanceof Error ? error.message : String(error)}`);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
