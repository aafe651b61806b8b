import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@skylift/shared/pages';
import { RemoteFallback } from './RemoteFallback';

interface Props {
  remote: RemoteName;
  onRetry: () => void;
  /**
   * A page whose code fails to load (a new deployment of the remote removed the chunks the open page's copy of
   * it knows): what to do instead of the fallback. Returns false when it cannot help, and the fallback shows.
   */
  onLoadFailure?: () => boolean;
  /** What stands in the page's place while that runs. */
  loading: ReactNode;
  children: ReactNode;
}

/**
 * Whether an error is a failure to fetch code (a chunk or module gone or unreachable) rather than a page's own
 * bug: webpack's ChunkLoadError, a failed dynamic import, the federation runtime's own load errors.
 */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError' || error.name === 'RemoteLoadError') return true;
  return /Loading (?:CSS )?chunk [^ ]+ failed|dynamically imported module|Failed to fetch|RUNTIME-\d+/i.test(error.message);
}

/** Catches a remote page that throws while rendering, so one broken remote never takes the shell down. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean; retrying: boolean }> {
  override state = { failed: false, retrying: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isLoadFailure(error) && this.props.onLoadFailure?.()) {
      // Not an error to report: the remote was redeployed under the page, which is loading again.
      this.setState({ retrying: true });
      return;
    }
    console.error(`A page of ${this.props.remote} failed: ${error instanceof Error ? error.message : String(error)}`, info.componentStack ?? '');
  }

  override render() {
    if (this.state.failed) return this.state.retrying ? this.props.loading : <RemoteFallback onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
