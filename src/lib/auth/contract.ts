import { z } from 'zod';
import { emptyRequest, publicApi } from '../contract';

const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const loginContract = publicApi.post(
  '/api/auth/login',
  z.object({
    username: z.string().trim().min(1, 'Username is required').max(100),
    password: z.string().min(1, 'Password is required').max(200),
  }),
  tokens,
  { maxBody: 4096 },
);

export const refreshTokenContract = publicApi.post(
  '/api/auth/refreshToken',
  // The browser sends nothing: its refresh token is an HttpOnly cookie. Scripts send it in the body.
  z.object({ refreshToken: z.string().min(1).max(200).optional() }),
  tokens,
  { maxBody: 4096 },
);

export const logoutContract = publicApi.post(
  '/api/auth/logout',
  z.object({ refreshToken: z.string().max(200).optional() }),
  z.object({ ok: z.literal(true) }),
  { maxBody: 4096 },
);

export const environmentContract = publicApi.get('/api/common/environment', emptyRequest, z.string());
