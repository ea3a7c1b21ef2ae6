// Stands in for a screen whose content a later piece of work builds, so every route of the
// route table already leads somewhere with the screen's name on it.
export default function PlaceholderScreen({ title, detail }: { title: string; detail?: string }) {
  return (
    <section className="screen">
      <h1 className="screen__title">{title}</h1>
      {detail && <p className="screen__detail">{detail}</p>}
      <p className="muted">This screen is not built yet.</p>
    </section>
  );
}
