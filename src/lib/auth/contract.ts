import { z } from 'zod';
import { defineContract, emptyRequest } from '../contract';

const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const loginContract = defineContract({
  method: 'POST',
  path: '/api/auth/login',
  request: z.object({
    username: z.string().trim().min(1, 'Username is required').max(100),
    password: z.string().min(1, 'Password is required').max(200),
  }),
  data: tokens,
  access: 'public',
  maxBody: 4096,
});

export const refreshTokenContract = defineContract({
  method: 'POST',
  path: '/api/auth/refreshToken',
  // The browser sends nothing: its refresh token is an HttpOnly cookie. Scripts send it in the body.
  request: z.object({ refreshToken: z.string().min(1).max(200).optional() }),
  data: tokens,
  access: 'public',
  maxBody: 4096,
});

export const logoutContract = defineContract({
  method: 'POST',
  path: '/api/auth/logout',
  request: z.object({ refreshToken: z.string().max(200).optional() }),
  data: z.object({ ok: z.literal(true) }),
  access: 'public',
  maxBody: 4096,
});

export const environmentContract = defineContract({
  method: 'GET',
  path: '/api/common/environment',
  request: emptyRequest,
  data: z.string(),
  access: 'public',
});
