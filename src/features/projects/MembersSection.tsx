// A project's members (owners only): add someone by e-mail with a role, change a role, remove.
// PUT members/ adds or changes by e-mail; removing goes by user id. A change or removal is made
// against the member as shown (If-Match): if another owner changed them meanwhile, their row is
// shown and the refusal said, as for every item planners change.
import { memo, useCallback } from 'react';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { ifMatch, unlessChanged, unwrap } from '../../api/errors';
import type { ColumnSpec } from '../../components/cellCodecs';
import { EditableTable } from '../../components/EditableTable';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { ROLE_OPTIONS, type Role } from './roles';

type Project = components['schemas']['Project'];
type Member = components['schemas']['ProjectMember'] & { id: number };

const COLUMNS: ColumnSpec[] = [
  { key: 'email', label: 'E-mail', kind: 'text', readOnly: 'existing' },
  { key: 'name', label: 'Name', kind: 'text', readOnly: true },
  { key: 'role', label: 'Role', kind: 'select', options: ROLE_OPTIONS, width: '9rem' },
];

export const MembersSection = memo(function MembersSection({ project, onClose }: { project: Project; onClose: () => void }) {
  const members = useLoader(
    async () =>
      (await unwrap(api.GET('/api/projects/{id}/members/', { params: { path: { id: project.id } } }))).map(
        (m): Member => ({ ...m, id: m.user_id, name: `${m.first_name} ${m.last_name}`.trim() }) as Member,
      ),
    [project.id],
  );
  const { reload, setData } = members;

  /** Shows a member as the server has them now (after another owner's change). */
  const showTheirs = useCallback(
    (current: components['schemas']['ProjectMember']) => setData((all) => all?.map((m) => (m.user_id === current.user_id ? { ...m, ...current } : m))),
    [setData],
  );
  const save = useCallback(
    async (email: string, role: unknown, shown?: Member) => {
      const params = { path: { id: project.id }, header: shown ? ifMatch(shown) : {} };
      await unlessChanged(unwrap(api.PUT('/api/projects/{id}/members/', { params, body: { email, role: role as Role } })), showTheirs);
      await reload();
    },
    [project.id, reload, showTheirs],
  );
  const remove = useCallback(
    async (member: Member) => {
      const params = { path: { id: project.id, user_id: member.user_id }, header: ifMatch(member) };
      await unlessChanged(unwrap(api.DELETE('/api/projects/{id}/members/{user_id}/', { params })), showTheirs);
      await reload();
    },
    [project.id, reload, showTheirs],
  );

  return (
    <section className="card" aria-labelledby="members-heading">
      <div className="card__header">
        <h2 id="members-heading" className="card__title">
          Members of {project.name}
        </h2>
        <button type="button" className="button button--small button--text" onClick={onClose}>
          Close
        </button>
      </div>
      <LoadState loading={members.loading} error={members.error} hasData={!!members.data}>
        <EditableTable
          label={`Members of ${project.name}`}
          columns={COLUMNS}
          rows={members.data ?? []}
          rowName={(m) => m.email}
          addLabel="Add member"
          newRow={{ email: '', role: 'editor' }}
          onCreate={(values) => save(String(values.email), values.role)}
          onUpdate={(member, values) => save(member.email, values.role, member)}
          onDelete={remove}
        />
      </LoadState>
    </section>
  );
});
