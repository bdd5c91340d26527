import type { RouteNode } from '../routes';

/**
 * The sidebar's menu as HTML, written as one string. It is the largest part of every signed-in page (about
 * 150 entries for root) and it was an Astro component calling itself per group: rendering it that way cost
 * more than the rest of the dashboard's markup. The markup is the same: groups are <details> whose summary
 * says whether it is open, leaves carry data-path (the route search reads the menu from them, so the
 * page does not send the list twice) and each nested list names its group (data-title: the collapsed
 * sidebar's flyout heading and the search's trail).
 */
export function sidebarMenuHtml(nodes: readonly RouteNode[], active: string): string {
  return list(nodes, active, 0, undefined);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const contains = (node: RouteNode, active: string) => node.path === active || active.startsWith(`${node.path}/`);

function list(nodes: readonly RouteNode[], active: string, depth: number, label: string | undefined): string {
  const named = label === undefined ? '' : ` aria-label="${esc(label)}" data-title="${esc(label)}"`;
  let html = `<ul class="menu menu-depth-${depth}" role="${depth === 0 ? 'menubar' : 'menu'}" aria-orientation="vertical"${named}>`;
  for (const node of nodes) {
    if (node.hidden) continue;
    const title = esc(node.title);
    if (node.children) {
      const open = contains(node, active);
      html +=
        `<li class="menu-group" role="none"><details${open ? ' open' : ''}>` +
        `<summary class="menu-item" role="menuitem" title="${title}" aria-haspopup="menu" aria-expanded="${open}">` +
        `<i class="${esc(node.icon ?? 'pi pi-folder')}" aria-hidden="true"></i><span class="menu-title">${title}</span>` +
        `<i class="pi pi-angle-down menu-arrow" aria-hidden="true"></i></summary>${list(node.children, active, depth + 1, node.title)}</details></li>`;
    } else {
      const here = node.path === active;
      const path = esc(node.path);
      html +=
        `<li role="none"><a class="menu-item${here ? ' active' : ''}" href="${path}" role="menuitem" title="${title}"${here ? ' aria-current="page"' : ''} data-path="${path}">` +
        `<i class="${esc(node.icon ?? 'pi pi-circle')}" aria-hidden="true"></i><span class="menu-title">${title}</span></a></li>`;
    }
  }
  return `${html}</ul>`;
}
