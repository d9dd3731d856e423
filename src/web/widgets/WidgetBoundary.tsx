import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from '../i18n/intl';

/** A panel that failed stays a panel: its message shows in its place, the rest of the page works. */
export class WidgetBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A widget failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorPanel message={this.state.error.message} />;
    return this.props.children;
  }
}

export function ErrorPanel({ message }: { message: string }) {
  return (
    <div className="widget-error" role="alert">
      <strong>
        <FormattedMessage id="widget.error" />
      </strong>
      <p>{message}</p>
    </div>
  );
}
