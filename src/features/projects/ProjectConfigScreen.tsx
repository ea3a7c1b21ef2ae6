// The project configuration screen (/app/projects/config?project=ID): the project's scenarios
// and, for the selected one, every scenario data editor and the jobs panel. Without a project in
// the address it opens the selected scenario's project.
import { useAtomValue } from 'jotai';
import { Link, useSearch } from 'wouter';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { JobsPanel } from '../jobs/JobsPanel';
import { ScenarioDataTabs } from '../scenarioData/ScenarioDataTabs';
import { ScenariosSection } from './ScenariosSection';
import { selectedScenarioAtom } from './scenarioSelection';

export default function ProjectConfigScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  const fromAddress = Number(new URLSearchParams(useSearch()).get('project'));
  const projectId = fromAddress > 0 ? fromAddress : (selected?.projectId ?? null);

  if (projectId === null) {
    return (
      <section className="screen">
        <h1 className="screen__title">Project configuration</h1>
        <p className="empty-state">
          No project chosen. <Link href="/app/projects">Open a project</Link> to configure its scenarios.
        </p>
      </section>
    );
  }
  return <ProjectConfig key={projectId} projectId={projectId} />;
}

function ProjectConfig({ projectId }: { projectId: number }) {
  const selected = useAtomValue(selectedScenarioAtom);
  const project = useLoader(() => unwrap(api.GET('/api/projects/{id}/', { params: { path: { id: projectId } } })), [projectId]);
  const scenarios = useLoader(() => unwrap(api.GET('/api/scenarios/', { params: { query: { project_id: projectId } } })), [projectId]);
  const scenario = scenarios.data?.find((s) => s.id === selected?.scenarioId);

  return (
    <section className="screen screen--wide">
      <p className="breadcrumb">
        <Link href="/app/projects">Projects</Link>
      </p>
      <h1 className="screen__title">Project configuration</h1>
      <LoadState loading={project.loading} error={project.error} hasData={!!project.data}>
        {project.data && (
          <>
            <p className="screen__detail">
              <strong>{project.data.name}</strong>
              {project.data.description && ` · ${project.data.description}`} · your role: {project.data.role}
            </p>
            <LoadState loading={scenarios.loading} error={scenarios.error} hasData={!!scenarios.data}>
              <ScenariosSection project={project.data} scenarios={scenarios} />
            </LoadState>
            {scenario ? (
              <>
                <ScenarioDataTabs scenarioId={scenario.id} canWrite={project.data.role !== 'viewer'} />
                <JobsPanel scenarioId={scenario.id} />
              </>
            ) : (
              scenarios.data && <p className="empty-state">Select a scenario to edit its airports, zones, resources, profiles and rules.</p>
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}
