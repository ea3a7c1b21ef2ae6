// What a section shows before its data is there: 'Loading...' or the failure's message.
import type { ReactNode } from 'react';

type LoadStateProps = { loading: boolean; error: Error | null; hasData: boolean; children: ReactNode };

export function LoadState({ loading, error, hasData, children }: LoadStateProps) {
  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {error.message}
      </p>
    );
  }
  if (!hasData) return loading ? <p className="muted">Loading...</p> : null;
  return <>{children}</>;
}
