import { environmentContract } from '../../../lib/auth/contract';
import { serverConfig } from '../../../lib/server/config';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(environmentContract, async () => ({ data: serverConfig().appEnv }));
