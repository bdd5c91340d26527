import '../../lib/ui/prime';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { TabPanel, TabView } from 'primereact/tabview';
import { isUnread } from '../../lib/posts/board';
import { createBoardStore, NEW_POST, type PostDraft } from '../../lib/posts/board-store';
import type { Post } from '../../lib/posts/contract';
import { boardRights, EVERYTHING_ELSE_PAGE_SIZE, type RightsHolder } from '../../lib/posts/rules';
import PostItem, { type PostAction } from './PostItem';
import { submitWith } from '../../lib/ui/form-submit';
import '../../styles/board.css';

// The add/edit dialog (and through it the editor) loads on first use, not with the board.
const PostDialog = lazy(() => import('./PostDialog'));

export const DELETE_QUESTION = 'Are you sure to delete this?';

type ListKind = 'pinned' | 'messages' | 'archived';

/**
 * The notification board (/post/index): search bar, pinned posts, the Messages tab (Important and a paged
 * EverythingElse) and the Archived Messages tab. Controls follow the account's rights from the first render.
 */
export default function NotificationBoard(account: RightsHolder) {
  const rights = boardRights(account);
  const [board] = useState(createBoardStore);
  const state = useStore(board.$board);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<PostDraft | null>(null);

  useEffect(() => {
    void board.load();
  }, [board]);

  /** Which controls a post shows in a list, given the account's rights (archive/remove are everyone's). */
  function actionsFor(post: Post, list: ListKind): PostAction[] {
    const actions: PostAction[] = [];
    if (rights.pin && list !== 'archived') actions.push(post.isPinned ? 'unpin' : 'pin');
    if (rights.edit) actions.push('edit');
    if (list === 'archived') actions.push('restore');
    else if (!state.archivedIds.includes(post.id)) actions.push('archive');
    if (rights.delete) actions.push('delete');
    return actions;
  }

  function onAction(action: PostAction, post: Post) {
    switch (action) {
      case 'pin':
        return void board.pin(post);
      case 'unpin':
        return void board.unpin(post);
      case 'archive':
        return void board.archive(post);
      case 'restore':
        return void board.restore(post);
      case 'edit':
        return setDraft({ id: post.id, title: post.title, body: post.body, type: post.type, isPinned: post.isPinned, publish: post.publish });
      case 'delete':
        return confirmDialog({
          message: DELETE_QUESTION,
          header: 'Delete post',
          icon: 'pi pi-exclamation-triangle',
          acceptLabel: 'Yes',
          rejectLabel: 'No',
          acceptClassName: 'p-button-danger',
          defaultFocus: 'reject',
          accept: () => void board.remove(post),
        });
    }
  }

  const renderList = (posts: Post[], list: ListKind, empty: string) =>
    posts.length === 0 ? (
      <p className="board-empty">{state.loading ? 'Loading…' : empty}</p>
    ) : (
      posts.map((post) => (
        <PostItem
          key={post.id}
          post={post}
          unread={!state.loading && isUnread(state, post.id)}
          actions={actionsFor(post, list)}
          onAction={onAction}
          onOpen={board.read}
        />
      ))
    );

  return (
    <div className="notification-board">
      <form
        className="board-search"
        role="search"
        onSubmit={submitWith(() => board.search(text))}
      >
        <InputText value={text} onChange={(e) => setText(e.target.value)} placeholder="text search..." aria-label="Text search" style={{ width: '300px' }} />
        <Button type="submit" label="Search" icon="pi pi-search" />
        {rights.create && <Button type="button" label="Add new" icon="pi pi-plus" severity="success" onClick={() => setDraft({ ...NEW_POST })} />}
      </form>

      <section className="board-section" aria-labelledby="board-pinned">
        <h2 id="board-pinned" className="board-heading"><i className="pi pi-thumbtack" aria-hidden="true" /> Pinned</h2>
        <div className="board-list board-pinned">{renderList(state.pinned, 'pinned', 'No pinned posts.')}</div>
      </section>

      <TabView className="board-tabs">
        <TabPanel header="Messages">
          <section className="board-section" aria-labelledby="board-important">
            <h2 id="board-important" className="board-heading">Important</h2>
            <div className="board-list board-important" style={{ height: '250px' }}>
              {renderList(state.important, 'messages', 'No important posts.')}
            </div>
          </section>
          <section className="board-section" aria-labelledby="board-everything-else">
            <h2 id="board-everything-else" className="board-heading">EverythingElse</h2>
            <div className="board-list board-everything-else" style={{ height: '350px' }}>
              {renderList(state.everythingElse, 'messages', 'No posts.')}
            </div>
            <Paginator
              first={(state.everythingElsePage - 1) * EVERYTHING_ELSE_PAGE_SIZE}
              rows={EVERYTHING_ELSE_PAGE_SIZE}
              totalRecords={state.everythingElseTotal}
              template="PrevPageLink PageLinks NextPageLink JumpToPageInput"
              onPageChange={(e) => void board.goToPage(e.page + 1)}
              className="board-paginator"
            />
          </section>
        </TabPanel>
        <TabPanel header="Archived Messages">
          <div className="board-list board-archived">{renderList(state.archived, 'archived', 'No archived posts.')}</div>
        </TabPanel>
      </TabView>

      {draft && (
        <Suspense fallback={null}>
          <PostDialog draft={draft} canPin={rights.pin} onSave={board.save} onClose={() => setDraft(null)} />
        </Suspense>
      )}
      <ConfirmDialog />
    </div>
  );
}
