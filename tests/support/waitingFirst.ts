// Vitest's order of the test files: the projects whose files spend most of their time waiting (on
// a browser, a server, a database) first, the ones that only compute (engines, components) after,
// so that the two cores fill the waits with computing instead of ending the run with a tail of
// waits. Within a project, Vitest's own order (failed first, then the longest last time).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const PROJECTS_FIRST = ['e2e', 'api', 'api (PGlite)', 'unit', 'dom'];

const rank = (file: TestSpecification) => {
  const index = PROJECTS_FIRST.indexOf(file.project.name);
  return index < 0 ? PROJECTS_FIRST.length : index;
};

export default class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
