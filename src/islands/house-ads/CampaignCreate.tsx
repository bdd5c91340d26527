import { allows, type ActionHolder } from '../../lib/resources/define';
import { campaignsResource, type CampaignContext } from '../../lib/house-ads/resources';
import type { CampaignRow } from '../../lib/house-ads/contract';
import { showToast } from '../../lib/ui/toast-store';
import ResourceForm from '../resources/ResourceForm';
import '../../styles/resources.css';

export const MANAGER_PATH = '/ads_in_house/campaign/manager';

/**
 * Create Campaign: the campaign form on the page. Saving goes to Campaign Manager showing the new campaign;
 * Cancel goes there too. An account that may not save campaigns is told so instead of getting a form it cannot send.
 */
export default function CampaignCreate({ context, formApp, account }: { context: CampaignContext; formApp: string | null; account: ActionHolder }) {
  const toManager = (name?: string) => location.assign(name ? `${MANAGER_PATH}?search=${encodeURIComponent(name)}` : MANAGER_PATH);
  if (!allows(account, campaignsResource.gates.create)) {
    return (
      <section className="card resource">
        <p>Your role may look at campaigns but not create them.</p>
        <p>
          <a href={MANAGER_PATH}>Campaign Manager</a>
        </p>
      </section>
    );
  }
  return (
    <section className="card resource campaign-create" data-testid="campaign-create">
      <p className="hint">
        A new campaign is served only while running, between its start and end days, within its caps. <a href={MANAGER_PATH}>Campaign Manager</a> lists every campaign.
      </p>
      <ResourceForm
        descriptor={campaignsResource}
        context={context}
        row={null}
        formApp={formApp}
        inline
        onClose={() => toManager()}
        onSaved={(data) => {
          const saved = data as CampaignRow;
          showToast('success', `Campaign ${saved.name} created${saved.status === 'running' ? ' and running' : ' as a draft'}`);
          toManager(saved.name);
        }}
      />
    </section>
  );
}
