// What the check-in screens show without a selected scenario: the title and a link to pick one.
import { Link } from 'wouter';

export function ScenarioRequired({ title, what }: { title: string; what: string }) {
  return (
    <section className="screen">
      <h1 className="screen__title">{title}</h1>
      <p className="empty-state">
        No scenario selected. <Link href="/app/projects">Choose a project and select a scenario</Link> to {what}.
      </p>
    </section>
  );
}
