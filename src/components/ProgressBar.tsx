// A labelled progress bar: determinate with a percentage, or moving without one (an upload
// whose size the browser does not report).
import { memo } from 'react';

type ProgressBarProps = { label: string; value?: number | null; tone?: 'normal' | 'success' | 'error' };

export const ProgressBar = memo(function ProgressBar({ label, value, tone = 'normal' }: ProgressBarProps) {
  const known = typeof value === 'number';
  return (
    <div
      className={`progress progress--${tone}${known ? '' : ' progress--indeterminate'}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? value : undefined}
    >
      <div className="progress__bar" style={known ? { width: `${Math.max(0, Math.min(100, value))}%` } : undefined} />
    </div>
  );
});
