// Keeps a crashing screen from taking the shell down: shows 'Something went wrong!' instead
// (SPEC section 2). The shell remounts it on navigation, so another screen gets a fresh start.
import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { failed: boolean };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen crashed:', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="screen-message" role="alert">
          <h1>Something went wrong!</h1>
        </div>
      );
    }
    return this.props.children;
  }
}
