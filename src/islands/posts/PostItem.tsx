import '../../lib/ui/prime';
import { useState } from 'react';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { Button } from 'primereact/button';
import type { Post } from '../../lib/posts/contract';
import { formatDateTime } from '../../lib/time/format';
import { htmlToText } from '../../lib/posts/html-text';

/** Vietnamese labels of the per-post controls (spec section 2); each is the button's tooltip and accessible name. */
export const ACTION_LABELS = {
  unpin: 'Bỏ ghim',
  edit: 'Chỉnh sửa',
  archive: 'Lưu trữ',
  pin: 'Ghim',
  delete: 'Xóa',
  restore: 'Xóa khỏi danh sách lưu trữ',
} as const;
export type PostAction = keyof typeof ACTION_LABELS;

const ICONS: Record<PostAction, string> = {
  unpin: 'pi pi-thumbtack',
  edit: 'pi pi-pencil',
  archive: 'pi pi-inbox',
  pin: 'pi pi-thumbtack',
  delete: 'pi pi-trash',
  restore: 'pi pi-replay',
};

interface Props {
  post: Post;
  unread: boolean;
  /** The controls this account may use on this post, in display order. */
  actions: readonly PostAction[];
  onAction?: (action: PostAction, post: Post) => void;
  /** Called when the post is expanded (the board marks unread posts read). */
  onOpen: (post: Post) => void;
  /**
   * The accordion's id, unique in the page. With it the post is in the server's HTML (PrimeReact's Accordion
   * renders nothing until it has an id, which it otherwise makes only once mounted in the browser).
   */
  id?: string;
}

/**
 * One post: an accordion tab with title and creation time, the body as plain text when expanded, and the
 * icon controls beside the header (outside its toggle, so each stays a button of its own).
 */
export default function PostItem({ post, unread, actions, onAction, onOpen, id }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`post-item${unread ? ' is-unread' : ''}`} data-post-id={post.id} style={{ ['--post-actions' as string]: actions.length }}>
      <Accordion
        id={id}
        activeIndex={open ? 0 : null}
        onTabChange={(e) => setOpen(e.index === 0)}
        onTabOpen={() => onOpen(post)}
      >
        <AccordionTab
          headerTemplate={
            <span className="post-head">
              {unread && <span className="post-unread-dot" title="Unread" />}
              <span className="post-title">{post.title}</span>
              {!post.publish && <span className="post-draft">Draft</span>}
              <time className="post-time" dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
            </span>
          }
        >
          <div className="post-body">{htmlToText(post.body) || <em className="post-empty">No content.</em>}</div>
        </AccordionTab>
      </Accordion>
      {actions.length > 0 && (
        <div className="post-actions">
          {actions.map((action) => (
            <Button
              key={action}
              type="button"
              icon={ICONS[action]}
              rounded
              text
              size="small"
              severity={action === 'delete' ? 'danger' : action === 'unpin' ? undefined : 'secondary'}
              className={`post-action post-action-${action}`}
              aria-label={ACTION_LABELS[action]}
              tooltip={ACTION_LABELS[action]}
              tooltipOptions={{ position: 'top', showDelay: 300 }}
              onClick={() => onAction?.(action, post)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
