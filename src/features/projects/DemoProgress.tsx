// On a first start the server answers before the demo project is ready: its flights are prepared
// and allocated by jobs. This line follows them (GET /api/demo/status/) and tells the projects
// screen when the demo is complete; once ready, or without a demo, it shows nothing.
import { useEffect, useRef, useState } from 'react';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { ProgressBar } from '../../components/ProgressBar';
import { FormStatus } from '../../components/FormStatus';

type DemoStatus = components['schemas']['DemoStatus'];

/** How often the status is asked while the demo is being prepared. */
export const DEMO_POLL_MS = 1000;

export function DemoProgress({ onReady }: { onReady: () => void }) {
  const [status, setStatus] = useState<DemoStatus | null>(null);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let seenPreparing = false;
    const poll = async () => {
      const next = await unwrap(api.GET('/api/demo/status/')).catch(() => null);
      if (stopped) return;
      setStatus(next);
      if (next?.status === 'preparing') {
        seenPreparing = true;
        timer = setTimeout(() => void poll(), DEMO_POLL_MS);
      } else if (seenPreparing && next?.status === 'ready') onReadyRef.current();
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  if (status?.status === 'preparing') {
    return (
      <div className="card demo-progress" role="status">
        <p className="screen__detail">The demo project is being prepared: {status.message}</p>
        <ProgressBar label="Demo preparation" value={status.progress} />
      </div>
    );
  }
  if (status?.status === 'failed') {
    return <FormStatus error={`The demo project could not be prepared. ${status.message}`} />;
  }
  return null;
}
