// The check-in flow screens side by side: the flow editor and the passenger stories (the drawer
// lists Flows only, as the specification has it, so the stories are reached from here).
import { Link } from 'wouter';

export function CheckinHeading({ title, current }: { title: string; current: 'flows' | 'stories' }) {
  return (
    <div className="screen__heading">
      <h1 className="screen__title">{title}</h1>
      <nav className="screen__links" aria-label="Check-in flow screens">
        <Link href="/app/checkin/flows" className="link" aria-current={current === 'flows' ? 'page' : undefined}>
          Flows
        </Link>
        <Link href="/app/checkin/pax-stories" className="link" aria-current={current === 'stories' ? 'page' : undefined}>
          Pax stories
        </Link>
      </nav>
    </div>
  );
}
