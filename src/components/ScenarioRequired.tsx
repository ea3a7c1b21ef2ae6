// What a scenario's screen shows without a selected scenario: a link to pick one, and the whole
// screen of it (its title and that line) for screens with nothing else to show.
import { Link } from 'wouter';

/** `what`: what the planner would do with the scenario ("see its flights"); left out, just the link. */
export function NoScenarioSelected({ what }: { what?: string }) {
  return (
    <p className="empty-state">
      No scenario selected. <Link href="/app/projects">Choose a project and select a scenario</Link>
      {what ? ` to ${what}.` : '.'}
    </p>
  );
}

export function ScenarioRequired({ title, what }: { title: string; what: string }) {
  return (
    <section className="screen">
      <h1 className="screen__title">{title}</h1>
      <NoScenarioSelected what={what} />
    </section>
  );
}
