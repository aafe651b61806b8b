import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@skylift/shared/federation/index';
import { RemoteFallback } from './RemoteFallback';

interface Props {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote page that throws while rendering, so one broken remote never takes the shell down. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`A page of ${this.props.remote} failed: ${error instanceof Error ? error.message : String(error)}`, info.componentStack ?? '');
  }

  override render() {
    if (this.state.failed) return <RemoteFallback onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
