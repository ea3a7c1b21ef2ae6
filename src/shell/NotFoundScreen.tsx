// What a signed-in planner sees at an address no screen answers (a mistyped or outdated link):
// which address it was, and the way back to their projects.
import { Link, useLocation } from 'wouter';

export default function NotFoundScreen() {
  const [path] = useLocation();
  return (
    <section className="screen">
      <h1 className="screen__title">Page not found</h1>
      <p className="screen__detail">
        There is no screen at <code>{path}</code>.
      </p>
      <p>
        <Link href="/app/projects">Go to your projects</Link>
      </p>
    </section>
  );
}
