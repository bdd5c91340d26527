import { z } from 'zod';

/** Field rules shared by the account forms and the endpoints. */
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9._-]{2,32}$/, 'must be 2 to 32 letters, digits, dots, dashes or underscores');
export const roleNameSchema = z.string().trim().min(1, 'is required').max(40).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, dashes and underscores only');
export const displayNameSchema = z.string().trim().max(100, 'must be at most 100 characters');
export const avatarSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'must be an http(s) URL or empty');
export const introductionSchema = z.string().trim().max(500, 'must be at most 500 characters');
export const stringList = (max = 500) => z.array(z.string().trim().min(1).max(200)).max(max);

export const ACCOUNT_SORT_FIELDS = ['username', 'role', 'name', 'createdAt', 'lastLoginAt'] as const;
