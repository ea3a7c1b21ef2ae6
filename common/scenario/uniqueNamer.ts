// Names made unique by a suffix, so the airport document's ids read as the planner's names.
export function uniqueNamer(): (name: string) => string {
  const used = new Set<string>();
  return (name) => {
    const base = name.trim() || 'unnamed';
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base} (${n})`;
    used.add(candidate);
    return candidate;
  };
}
