import { z } from 'zod';
import { contractsFor } from '../contract';

/**
 * The Excel imports of ad revenue (IAA) and UA cost (tracker issue 16): the same call previews (commit
 * false: every problem by row and column, nothing stored) and commits (all rows or none). The file travels
 * as base64 in JSON (a few MB at most), so the console needs no multipart parser.
 */

export const IMPORT_KINDS = ['iaa', 'cost'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The largest file accepted (bytes, before base64). */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

export const DUPLICATE_CHOICES = ['refuse', 'sum', 'skip'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

export const importRequest = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM'),
  fileName: z.string().trim().min(1, 'is required').max(200),
  /** The .xlsx file, base64. */
  content: z.string().min(1, 'is required').max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 4, 'is larger than 4 MB'),
  commit: z.boolean().default(false),
  /**
   * Rows repeating an earlier row's key (date, app, OS, network or channel and campaign, currency): refused
   * unless the importer chooses to sum them (the file means it) or to skip the repeats (keep the first).
   */
  duplicates: z.enum(DUPLICATE_CHOICES, { message: 'must be refuse, sum or skip' }).default('refuse'),
});

export const importProblem = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;
export const importDuplicate = z.object({ row: z.number(), sameAs: z.number(), message: z.string() });
export type ImportDuplicate = z.infer<typeof importDuplicate>;

export const importAnswer = z.object({
  kind: z.enum(IMPORT_KINDS),
  month: z.string(),
  fileName: z.string(),
  rows: z.number(),
  problems: z.array(importProblem),
  /** Rows repeating an earlier row (see importRequest.duplicates). */
  duplicates: z.array(importDuplicate),
  /** USD micros of the file (revenue or cost) and, for cost, the installs. */
  totalUsd: z.number(),
  installs: z.number(),
  apps: z.array(z.string()),
  /** Current rows of the same source, apps and month the commit replaces. */
  replaces: z.number(),
  committed: z.boolean(),
  batchId: z.number().nullable(),
  dataVersion: z.number().nullable(),
});
export type ImportAnswer = z.infer<typeof importAnswer>;

/** The spec's names of the two uploads, in their routes and API paths. */
const SPEC_NAME = { iaa: 'importIAA', cost: 'importCost' } as const satisfies Record<ImportKind, string>;
const route = (kind: ImportKind) => `/finance/import/uploadExcel/${SPEC_NAME[kind]}`;

/** The upload of one kind: preview or commit of its workbook (a 6 MB body at most). */
const importContract = (kind: ImportKind) =>
  contractsFor({ route: route(kind) }).post(
    `/api/reportSystem/uploadExcel/${SPEC_NAME[kind]}`,
    importRequest,
    importAnswer,
    { maxBody: 6 * 1024 * 1024 },
  );

/** The template workbook of one kind. */
const templateContract = (kind: ImportKind) =>
  contractsFor({ route: route(kind) }).get(`/api/reportSystem/uploadExcel/${SPEC_NAME[kind]}/template`, z.object({}), z.unknown());

export const importIaaContract = importContract('iaa');
export const importCostContract = importContract('cost');
export const importTemplateIaaContract = templateContract('iaa');
export const importTemplateCostContract = templateContract('cost');
