import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { deleteTeamContract, listTeamsContract, saveTeamContract, type Team } from '../../lib/config-data/contract';
import { api } from '../../lib/http/client';
import { DeleteButton } from '../../lib/ui/DeleteButton';
import { showToast } from '../../lib/ui/toast-store';

interface Props {
  initialTeams: Team[];
  accounts: { username: string; name: string }[];
  apps: { id: string; name: string }[];
  canEdit: boolean;
}

/** Teams: their members and the apps they own (apps follow their team in filters and finance). */
export default function TeamScreen({ initialTeams, accounts, apps, canEdit }: Props) {
  const [teams, setTeams] = useState(initialTeams);
  const [editing, setEditing] = useState<Team | 'new' | null>(null);
  const reload = async () => setTeams((await api(listTeamsContract, {})).data);
  const appName = (id: string) => apps.find((a) => a.id === id)?.name ?? id;
  return (
    <section className="card">
      <div className="toolbar">
        <span className="toolbar-spacer" />
        {canEdit && <Button label="Add team" icon="pi pi-plus" onClick={() => setEditing('new')} />}
      </div>
      <DataTable value={teams} dataKey="id" size="small" emptyMessage="No team yet.">
        <Column field="name" header="Team" />
        <Column field="description" header="Description" />
        <Column header="Members" body={(t: Team) => t.members.join(', ') || '—'} />
        <Column header="Apps" body={(t: Team) => t.apps.map(appName).join(', ') || '—'} />
        {canEdit && (
          <Column
            header="Actions"
            body={(t: Team) => (
              <div className="row-actions">
                <Button icon="pi pi-pencil" text rounded aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)} />
                <DeleteButton
                  what={t.name}
                  header="Delete team"
                  message={`Delete the team ${t.name}? Its apps keep existing without a team.`}
                  onConfirm={async () => {
                    await api(deleteTeamContract, { id: t.id });
                    showToast('success', 'Team deleted');
                    await reload();
                  }}
                />
              </div>
            )}
          />
        )}
      </DataTable>
      <ConfirmDialog />
      {editing && <TeamDialog team={editing === 'new' ? null : editing} accounts={accounts} apps={apps} onClose={() => setEditing(null)} onSaved={async () => { setEditing(null); showToast('success', 'update successfully !'); await reload(); }} />}
    </section>
  );
}

function TeamDialog(props: { team: Team | null; accounts: Props['accounts']; apps: Props['apps']; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(props.team?.name ?? '');
  const [description, setDescription] = useState(props.team?.description ?? '');
  const [members, setMembers] = useState<string[]>(props.team?.members ?? []);
  const [apps, setApps] = useState<string[]>(props.team?.apps ?? []);
  const [problem, setProblem] = useState('');
  const save = async () => {
    if (!name.trim()) return setProblem('Name is required.');
    try {
      await api(saveTeamContract, { id: props.team?.id, name, description, members, apps });
      props.onSaved();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Dialog header={props.team ? `Edit ${props.team.name}` : 'Add team'} visible onHide={props.onClose} style={{ width: 'min(560px, 95vw)' }}>
      <div className="form-grid">
        <label htmlFor="team-name">Name</label>
        <InputText id="team-name" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="team-description">Description</label>
        <InputText id="team-description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <label htmlFor="team-members">Members</label>
        <MultiSelect inputId="team-members" value={members} options={props.accounts.map((a) => ({ label: `${a.username} (${a.name})`, value: a.username }))} onChange={(e) => setMembers(e.value)} filter display="chip" />
        <label htmlFor="team-apps">Apps</label>
        <MultiSelect inputId="team-apps" value={apps} options={props.apps.map((a) => ({ label: a.name, value: a.id }))} onChange={(e) => setApps(e.value)} filter display="chip" />
      </div>
      {problem && <p className="form-problem" role="alert">{problem}</p>}
      <div className="dialog-actions">
        <Button label="Cancel" text onClick={props.onClose} />
        <Button label="Save" icon="pi pi-check" onClick={save} />
      </div>
    </Dialog>
  );
}
