import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Tag } from 'primereact/tag';
import {
  allAccountContract, createAccountContract, deactivateAccountContract, deleteAccountContract, financePermissionGetContract,
  financePermissionUpdateContract, resetPasswordContract,
  updateAccountContract, updateListAppContract, viewAppContract, type AccountRow,
} from '../../lib/accounts/contract';
import { api } from '../../lib/http/client';
import { formatDateTime } from '../../lib/time/format';
import { DeleteButton } from '../../lib/ui/DeleteButton';
import { showToast } from '../../lib/ui/toast-store';
import { useDebounced } from '../../lib/ui/use-debounced';
import { usePagedList } from '../../lib/ui/use-paged-list';

interface Props {
  canManage: boolean;
  me: string;
  roles: string[];
  apps: { id: string; name: string }[];
  teams: string[];
}

type Sort = { field: string; order: 1 | -1 };
const PAGE_SIZE = 20;

/** Admin accounts: search, role filter, server-side paging and sorting, and the account actions. */
export default function AccountsScreen({ canManage, me, roles, apps, teams }: Props) {
  const [text, setText] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>({ field: 'username', order: 1 });
  const [editing, setEditing] = useState<AccountRow | 'new' | null>(null);
  const [oneTimePassword, setOneTimePassword] = useState<{ username: string; password: string } | null>(null);
  const textSearch = useDebounced(text);

  const fetchPage = useCallback(
    (page: number, limit: number) =>
      api(allAccountContract, { textSearch: textSearch || undefined, role: role ?? undefined, page, limit, sort: sort.field as 'username', order: sort.order === 1 ? 'asc' : 'desc' }),
    [textSearch, role, sort],
  );
  const { rows, tableProps, reload: load } = usePagedList(fetchPage, `${textSearch}|${role}|${sort.field}|${sort.order}`, PAGE_SIZE);

  const act = async (work: () => Promise<unknown>, success: string) => {
    await work();
    showToast('success', success);
    await load();
  };

  const actions = (row: AccountRow) =>
    canManage && (
      <div className="row-actions">
        <Button icon="pi pi-pencil" text rounded aria-label={`Edit ${row.username}`} tooltip="Edit" onClick={() => setEditing(row)} />
        <Button
          icon="pi pi-key"
          text
          rounded
          aria-label={`Reset password of ${row.username}`}
          tooltip="Reset password"
          onClick={() =>
            confirmDialog({
              message: `Reset the password of ${row.username}? Their sessions end and a one-time password is shown once.`,
              header: 'Reset password',
              acceptLabel: 'Yes',
              rejectLabel: 'No',
              accept: async () => {
                const { data } = await api(resetPasswordContract, { username: row.username });
                setOneTimePassword({ username: row.username, password: data.password });
              },
            })
          }
        />
        {row.username !== me && (
          <Button
            icon={row.active ? 'pi pi-ban' : 'pi pi-check'}
            text
            rounded
            severity={row.active ? 'warning' : 'success'}
            aria-label={`${row.active ? 'Deactivate' : 'Activate'} ${row.username}`}
            tooltip={row.active ? 'Deactivate' : 'Activate'}
            onClick={() => act(() => api(deactivateAccountContract, { username: row.username, active: !row.active }), row.active ? 'Account deactivated' : 'Account activated')}
          />
        )}
        {row.username !== me && (
          <DeleteButton
            what={row.username}
            header="Delete account"
            message={`Delete the account ${row.username}? This cannot be undone.`}
            onConfirm={() => act(() => api(deleteAccountContract, { username: row.username }), 'Account deleted')}
          />
        )}
      </div>
    );

  return (
    <section className="card">
      <div className="toolbar">
        <InputText type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search username or name" aria-label="Search accounts" />
        <Dropdown value={role} options={roles} onChange={(e) => setRole(e.value)} placeholder="All roles" showClear aria-label="Filter by role" />
        <span className="toolbar-spacer" />
        {canManage && <Button label="Add account" icon="pi pi-plus" onClick={() => setEditing('new')} />}
      </div>
      <DataTable
        value={rows}
        {...tableProps}
        dataKey="username"
        sortField={sort.field}
        sortOrder={sort.order}
        onSort={(e: DataTableStateEvent) => setSort({ field: e.sortField, order: e.sortOrder === -1 ? -1 : 1 })}
        emptyMessage="No account matches."
        size="small"
        stripedRows
      >
        <Column field="username" header="Username" sortable />
        <Column field="name" header="Name" sortable />
        <Column field="role" header="Role" sortable />
        <Column header="Apps" body={(r: AccountRow) => (r.canViewAllApp ? 'All apps' : `${r.listApp.length} app${r.listApp.length === 1 ? '' : 's'}`)} />
        <Column header="Status" body={(r: AccountRow) => <Tag value={r.active ? 'Active' : 'Deactivated'} severity={r.active ? 'success' : 'danger'} />} />
        <Column bodyClassName="date-time" field="lastLoginAt" header="Last sign-in (UTC+7)" sortable body={(r: AccountRow) => formatDateTime(r.lastLoginAt)} />
        {canManage && <Column header="Actions" body={actions} style={{ width: '11rem' }} />}
      </DataTable>
      <ConfirmDialog />
      {editing && (
        <AccountDialog
          account={editing === 'new' ? null : editing}
          roles={roles}
          apps={apps}
          teams={teams}
          onClose={() => setEditing(null)}
          onSaved={(password, username) => {
            setEditing(null);
            if (password) setOneTimePassword({ username, password });
            showToast('success', editing === 'new' ? 'Account created' : 'Account updated');
            void load();
          }}
        />
      )}
      <Dialog header="One-time password" visible={Boolean(oneTimePassword)} onHide={() => setOneTimePassword(null)} style={{ width: 'min(420px, 95vw)' }}>
        {oneTimePassword && (
          <>
            <p>
              Give this password to <strong>{oneTimePassword.username}</strong>. It is shown only now; they should change it after signing in.
            </p>
            <p className="one-time-password" data-testid="one-time-password">{oneTimePassword.password}</p>
            <Button label="Copy" icon="pi pi-copy" onClick={() => void navigator.clipboard?.writeText(oneTimePassword.password)} />
          </>
        )}
      </Dialog>
    </section>
  );
}

function AccountDialog(props: {
  account: AccountRow | null;
  roles: string[];
  apps: { id: string; name: string }[];
  teams: string[];
  onClose: () => void;
  onSaved: (password: string | null, username: string) => void;
}) {
  const { account } = props;
  const [username, setUsername] = useState(account?.username ?? '');
  const [name, setName] = useState(account?.name ?? '');
  const [role, setRole] = useState(account?.role ?? '');
  const [password, setPassword] = useState('');
  const [canViewAllApp, setCanViewAllApp] = useState(account?.canViewAllApp ?? false);
  const [listApp, setListApp] = useState<string[]>(account?.listApp ?? []);
  const [followTeam, setFollowTeam] = useState<string[]>(account?.followTeam ?? []);
  // Finance visibility is kept apart from app visibility: which apps and teams appear in finance reports.
  const [finance, setFinance] = useState<{ apps: string[]; teams: string[] } | null>(account ? null : { apps: [], teams: [] });
  useEffect(() => {
    if (account) void api(financePermissionGetContract, { username: account.username }).then(({ data }) => setFinance({ apps: data.apps, teams: data.teams }));
  }, [account]);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const teamOptions = [{ label: 'All', value: 'all' }, ...props.teams.map((t) => ({ label: t, value: t }))];

  const save = async () => {
    if (!account && !/^[a-zA-Z0-9._-]{2,32}$/.test(username.trim())) return setProblem('Username: 2 to 32 letters, digits, dots, dashes or underscores.');
    if (!role) return setProblem('Choose a role.');
    setProblem('');
    setBusy(true);
    try {
      if (!account) {
        const { data } = await api(createAccountContract, { username: username.trim(), name, role, password: password || undefined, canViewAllApp, listApp });
        if (followTeam.length) await api(updateListAppContract, { username: data.account.username, listApp, followTeam });
        if (finance && (finance.apps.length || finance.teams.length)) await api(financePermissionUpdateContract, { username: data.account.username, apps: finance.apps, teams: finance.teams });
        props.onSaved(data.password, data.account.username);
      } else {
        if (role !== account.role) await api(updateAccountContract, { username: account.username, role, paths: account.paths, privateActions: account.privateActions, permissions: account.permissions });
        await api(updateListAppContract, { username: account.username, listApp, followTeam });
        if (finance) await api(financePermissionUpdateContract, { username: account.username, apps: finance.apps, teams: finance.teams });
        if (canViewAllApp !== account.canViewAllApp) await api(viewAppContract, { username: account.username, canViewAllApp });
        props.onSaved(null, account.username);
      }
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={account ? `Edit ${account.username}` : 'Add account'} visible onHide={props.onClose} style={{ width: 'min(560px, 95vw)' }} dismissableMask={false}>
      <div className="form-grid">
        <label htmlFor="acc-username">Username</label>
        <InputText id="acc-username" value={username} disabled={Boolean(account)} onChange={(e) => setUsername(e.target.value)} />
        <label htmlFor="acc-name">Name</label>
        <InputText id="acc-name" value={name} disabled={Boolean(account)} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="acc-role">Role</label>
        <Dropdown inputId="acc-role" value={role} options={props.roles} onChange={(e) => setRole(e.value)} placeholder="Choose a role" />
        {!account && (
          <>
            <label htmlFor="acc-password">Password</label>
            <InputText id="acc-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} placeholder="Leave empty to generate a one-time password" />
          </>
        )}
        <label htmlFor="acc-all-apps">All apps</label>
        <div>
          <Checkbox inputId="acc-all-apps" checked={canViewAllApp} onChange={(e) => setCanViewAllApp(Boolean(e.checked))} /> <span className="hint">sees every app</span>
        </div>
        <label htmlFor="acc-apps">Apps</label>
        <MultiSelect inputId="acc-apps" value={listApp} options={props.apps} optionLabel="name" optionValue="id" onChange={(e) => setListApp(e.value)} filter display="chip" disabled={canViewAllApp} placeholder="Apps this account sees" />
        <label htmlFor="acc-teams">Followed teams</label>
        <MultiSelect inputId="acc-teams" value={followTeam} options={teamOptions} onChange={(e) => setFollowTeam(e.value)} display="chip" placeholder="Teams" />
        <label htmlFor="acc-finance-apps">Finance apps</label>
        <MultiSelect inputId="acc-finance-apps" value={finance?.apps ?? []} options={props.apps} optionLabel="name" optionValue="id" disabled={!finance} onChange={(e) => finance && setFinance({ ...finance, apps: e.value })} filter display="chip" placeholder="Apps in finance reports" />
        <label htmlFor="acc-finance-teams">Finance teams</label>
        <MultiSelect inputId="acc-finance-teams" value={finance?.teams ?? []} options={props.teams} disabled={!finance} onChange={(e) => finance && setFinance({ ...finance, teams: e.value })} display="chip" placeholder="Teams in finance reports" />
      </div>
      {problem && <p className="form-problem" role="alert">{problem}</p>}
      <div className="dialog-actions">
        <Button label="Cancel" text onClick={props.onClose} />
        <Button label="Save" icon="pi pi-check" loading={busy} onClick={save} />
      </div>
    </Dialog>
  );
}
