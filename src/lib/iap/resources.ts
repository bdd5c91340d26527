import { ofPanelApp } from '../apps/resources';
import { defineResource } from '../resources/define';
import { deleteStoreKeyContract, listStoreKeyContract, saveStoreKeyContract } from './contract';

/**
 * The App Manager's "App Store key" panel: the app's In-App Purchase key for the App Store Server API (IAP
 * verification). The private key is write-only: the list shows key id, issuer and who set it.
 */
export const storeKeyResource = defineResource({
  id: 'iap-store-key',
  singular: 'App Store key',
  contracts: { list: listStoreKeyContract, save: saveStoreKeyContract, remove: deleteStoreKeyContract },
  rowKey: (r) => r.appId,
  rowLabel: (r) => `App Store key ${r.keyId}`,
  listInput: ofPanelApp,
  columns: [
    { key: 'keyId', label: 'Key id', show: 'code' },
    { key: 'issuerId', label: 'Issuer id', show: 'code' },
    { key: 'hasPrivateKey', label: 'Private key', show: 'boolean', yesNo: ['Stored (sealed)', 'Missing'] },
    { key: 'updatedAt', label: 'Updated', show: 'dateTime', hint: (r) => r.updatedBy },
  ],
  form: [
    { key: 'keyId', label: 'Key id', input: 'text', placeholder: '10 characters, e.g. 2X9R4HXF34' },
    { key: 'issuerId', label: 'Issuer id', input: 'text', placeholder: 'UUID from App Store Connect → Integrations' },
    { key: 'privateKey', label: 'Private key (.p8)', input: 'textarea', placeholder: '-----BEGIN PRIVATE KEY-----', help: 'Paste the .p8 file. Left empty when editing, the stored key is kept; it is never shown again.' },
  ],
  initial: () => ({ keyId: '', issuerId: '', privateKey: '' }),
  fixed: ofPanelApp,
  removeInput: (row) => ({ appId: row.appId }),
  createLabel: 'Set App Store key',
  toasts: { saved: () => 'App Store key saved', removed: () => 'App Store key deleted' },
  empty: 'No App Store key: App Store purchases of this app stay pending until one is set. Google Play uses the app\u2019s GA service account (Config Data).',
  idPrefix: 'ask',
});
