import { JWT } from 'google-auth-library';
import { tunables } from '../server/config';

/**
 * Google APIs called as a service account (Android Publisher for IAP, FCM for pushes): google-auth-library signs
 * the account's JWT and trades it at the token endpoint. The library names Google's own token URL, so a request
 * interceptor points it at the configured one (GOOGLE_OAUTH_TOKEN_URL: a local stand-in in tests). One client per
 * key and scope: the library caches its access token until it nears expiry.
 */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const clients = new Map<string, JWT>();

export function serviceAccountClient(account: ServiceAccount, scope: string): JWT {
  const cacheKey = `${scope}|${account.client_email}|${account.private_key_id ?? ''}|${account.private_key.length}`;
  let client = clients.get(cacheKey);
  if (client) return client;
  client = new JWT({ email: account.client_email, key: account.private_key, keyId: account.private_key_id, scopes: [scope] });
  const tokenUrl = tunables().iap.googleTokenUrl;
  if (tokenUrl !== GOOGLE_TOKEN_URL) {
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }
  if (clients.size > 200) clients.clear();
  clients.set(cacheKey, client);
  return client;
}
