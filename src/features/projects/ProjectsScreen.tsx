// The projects screen (/app/projects): every project the planner belongs to with their role;
// create, rename and describe in the table, clone, delete (owners), manage members (owners), and
// open a project's configuration.
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { ifMatch, unlessChanged, unwrap } from '../../api/errors';
import type { ColumnSpec } from '../../components/cellCodecs';
import { EditableTable } from '../../components/EditableTable';
import { LoadState } from '../../components/LoadState';
import { CloneDialog } from './CloneDialog';
import { useLoader } from '../../components/useLoader';
import { MembersSection } from './MembersSection';
import { ROLE_OPTIONS } from './roles';
import { DemoProgress } from './DemoProgress';

type Project = components['schemas']['Project'];

const COLUMNS: ColumnSpec[] = [
  { key: 'name', label: 'Name', kind: 'text', width: '28%' },
  { key: 'description', label: 'Description', kind: 'text' },
  { key: 'role', label: 'Your role', kind: 'select', options: ROLE_OPTIONS, readOnly: true, width: '8rem' },
];

const isOwner = (project: Project) => project.role === 'owner';
const canWrite = (project: Project) => project.role !== 'viewer';

export default function ProjectsScreen() {
  const projects = useLoader(() => unwrap(api.GET('/api/projects/')), []);
  const [cloning, setCloning] = useState<Project | null>(null);
  const [membersOf, setMembersOf] = useState<Project | null>(null);
  const { reload, setData } = projects;

  const create = useCallback(
    async (values: Record<string, unknown>) => {
      await unwrap(api.POST('/api/projects/', { body: values as { name: string; description?: string } }));
      await reload();
    },
    [reload],
  );
  const show = useCallback((saved: Project) => setData((all) => all?.map((p) => (p.id === saved.id ? saved : p))), [setData]);
  const update = useCallback(
    async (project: Project, values: Record<string, unknown>) => {
      const params = { path: { id: project.id }, header: ifMatch(project) };
      show(await unlessChanged(unwrap(api.PATCH('/api/projects/{id}/', { params, body: values as { name?: string; description?: string } })), show));
    },
    [show],
  );
  const remove = useCallback(
    async (project: Project) => {
      await unlessChanged(unwrap(api.DELETE('/api/projects/{id}/', { params: { path: { id: project.id }, header: ifMatch(project) } })), show);
      setData((all) => all?.filter((p) => p.id !== project.id));
      setMembersOf((shown) => (shown?.id === project.id ? null : shown));
    },
    [setData, show],
  );
  const actions = useCallback(
    (project: Project) => (
      <>
        <Link href={`/app/projects/config?project=${project.id}`} className="button button--small button--primary" aria-label={`Open ${project.name}`}>
          Open
        </Link>
        <button type="button" className="button button--small button--text" aria-label={`Clone ${project.name}`} onClick={() => setCloning(project)}>
          Clone
        </button>
        {isOwner(project) && (
          <button type="button" className="button button--small button--text" aria-label={`Members of ${project.name}`} onClick={() => setMembersOf(project)}>
            Members
          </button>
        )}
      </>
    ),
    [],
  );

  return (
    <section className="screen">
      <h1 className="screen__title">Projects</h1>
      <p className="screen__detail">Each project holds scenarios of one airport. Open a project to configure its scenarios.</p>
      <DemoProgress onReady={() => void reload()} />
      <div className="card">
        <LoadState loading={projects.loading} error={projects.error} hasData={!!projects.data}>
          <EditableTable
            label="Projects"
            columns={COLUMNS}
            rows={projects.data ?? []}
            rowName={(p) => p.name}
            addLabel="New project"
            newRow={{ name: '', description: '', role: 'owner' }}
            onCreate={create}
            onUpdate={update}
            onDelete={remove}
            canEdit={canWrite}
            canDelete={isOwner}
            rowActions={actions}
            emptyText="No projects yet: add one to start."
          />
        </LoadState>
      </div>
      {membersOf && <MembersSection project={membersOf} onClose={() => setMembersOf(null)} />}
      {cloning && (
        <CloneDialog
          name={cloning.name}
          clone={(name) => unwrap(api.POST('/api/projects/{id}/clone/', { params: { path: { id: cloning.id } }, body: { name } }))}
          reload={reload}
          onClose={() => setCloning(null)}
        />
      )}
    </section>
  );
}
