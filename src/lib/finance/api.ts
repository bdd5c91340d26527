import { reportApi } from '../reports/api';
import type { ReportHandler } from '../reports/server';
import { handle, handleRaw, type ApiHandler } from '../server/api/handler';
import { importCostContract, importIaaContract, importTemplateCostContract, importTemplateIaaContract, type ImportKind } from './import-contract';
import { runImport, templateWorkbook } from './imports';
import {
  commentActionContract, commentByRangeDateContract, commentGetContract, dataMonthContract, dataMonthExcelContract, detailDataMonthContract, noteActionContract, noteGetContract,
  monthCloseContract, reportMonthAllTeamContract, updateDataMonthContract, yearDataContract,
} from './month-contract';
import { setMonthClosed } from './closing';
import { commentAction, getNoteFor, listComments, monthDetail, monthReport, saveNote, updateMonthAdjustment, yearReport } from './month';
import { monthExcel } from './month-export';
import { dataVersionContract, downloadUrlsContract, facebookDayContract, facebookMonthContract, filterAppOsContract, importIapStudioContract, listAppOsContract } from './more-contract';
import { dataVersions, financeAppOs, importFacebook, importIapStudio } from './more';
import { correctionListContract, correctionUndoContract, detailUpdateContract } from './correction-contract';
import { listCorrections, saveCorrection, undoCorrection } from './corrections';
import { reportPostContracts } from './contract';
import { financeReportHandlers } from './service';
import { getAdmobRevenueContract, googleTokenContract, googleUrlContract, updateAdmobContract } from './admob-contract';
import { googleToken, googleUrl, importAdmob, previewAdmob } from './admob';

/** Finance: the report screens (GET + export), the spec's POST calls of the same services. Served by the API registry. */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const template = (kind: ImportKind) => async () =>
  new Response(new Uint8Array(await templateWorkbook(kind)), {
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="finance-${kind}-template.xlsx"`, 'cache-control': 'no-store' },
  });

const byId = new Map((financeReportHandlers as readonly ReportHandler[]).map((h) => [h.descriptor.id, h]));

export const financeApi: ApiHandler[] = [
  ...(financeReportHandlers as readonly ReportHandler[]).flatMap((h) => reportApi(h)),
  handle(importIaaContract, async (input, ctx) => ({ data: await runImport(ctx.db, ctx.actor, 'iaa', input) })),
  handle(importCostContract, async (input, ctx) => ({ data: await runImport(ctx.db, ctx.actor, 'cost', input) })),
  handleRaw(importTemplateIaaContract, template('iaa')),
  handleRaw(importTemplateCostContract, template('cost')),
  // Report Month: dataMonth and getReportMonthAllTeam are one service (the latter for every team).
  handle(dataMonthContract, async ({ month, teams }, ctx) => ({ data: await monthReport(ctx.db, ctx.viewer, month, teams) })),
  handle(reportMonthAllTeamContract, async ({ month }, ctx) => ({ data: await monthReport(ctx.db, ctx.viewer, month) })),
  handleRaw(dataMonthExcelContract, async ({ month, teams }, ctx) => monthExcel(await monthReport(ctx.db, ctx.viewer, month, teams))),
  handle(detailDataMonthContract, async ({ month, appId }, ctx) => ({ data: await monthDetail(ctx.db, ctx.viewer, month, appId) })),
  handle(updateDataMonthContract, async (input, ctx) => ({ data: await updateMonthAdjustment(ctx.db, ctx.actor, input) })),
  handle(commentActionContract, async (input, ctx) => ({ data: await commentAction(ctx.db, ctx.actor, input) })),
  handle(commentGetContract, async ({ month, appId }, ctx) => ({ data: await listComments(ctx.db, ctx.viewer, month, month, appId) })),
  handle(commentByRangeDateContract, async ({ from, to }, ctx) => ({ data: await listComments(ctx.db, ctx.viewer, from, to) })),
  handle(noteGetContract, async ({ month }, ctx) => ({ data: await getNoteFor(ctx.db, ctx.viewer, month) })),
  handle(noteActionContract, async ({ month, body }, ctx) => ({ data: await saveNote(ctx.db, ctx.actor, month, body) })),
  handle(monthCloseContract, async ({ month, closed }, ctx) => ({ data: { month, closed: await setMonthClosed(ctx.db, ctx.actor, month, closed) } })),
  handle(yearDataContract, async ({ year, teams }, ctx) => ({ data: await yearReport(ctx.db, ctx.viewer, year, teams) })),
  handle(dataVersionContract, async ({ source, limit }, ctx) => ({ data: await dataVersions(ctx.db, ctx.viewer, source, limit) })),
  // finance/get_list_app_os and statistic/filterAppOs: one service (docs/decisions.md).
  handle(listAppOsContract, async (_input, ctx) => ({ data: await financeAppOs(ctx.db, ctx.viewer) })),
  handle(filterAppOsContract, async (_input, ctx) => ({ data: await financeAppOs(ctx.db, ctx.viewer) })),
  handle(downloadUrlsContract, async () => ({
    data: [
      { kind: 'iaa', label: 'Ad revenue (IAA) template', url: '/api/reportSystem/uploadExcel/importIAA/template' },
      { kind: 'cost', label: 'UA cost template', url: '/api/reportSystem/uploadExcel/importCost/template' },
    ],
  })),
  // Corrections (src/lib/finance/corrections.ts): enter, list with the imported figure, undo.
  handle(detailUpdateContract, async (input, ctx) => ({ data: await saveCorrection(ctx.db, ctx.actor, input) })),
  handle(correctionListContract, async (input, ctx) => ({ data: await listCorrections(ctx.db, ctx.viewer, input) })),
  handle(correctionUndoContract, async (input, ctx) => ({ data: await undoCorrection(ctx.db, ctx.actor, input) })),
  handle(facebookMonthContract, async (input, ctx) => ({ data: await importFacebook(ctx.db, ctx.actor, input) })),
  handle(facebookDayContract, async (input, ctx) => ({ data: await importFacebook(ctx.db, ctx.actor, input) })),
  // AdMob through Google's OAuth (src/lib/finance/admob.ts).
  handle(googleUrlContract, async (_input, ctx) => ({ data: await googleUrl(ctx.db, ctx.viewer) })),
  handle(googleTokenContract, async (input, ctx) => ({ data: await googleToken(ctx.db, ctx.actor, input) })),
  handle(getAdmobRevenueContract, async (input, ctx) => ({ data: await previewAdmob(ctx.db, ctx.viewer, input) })),
  handle(updateAdmobContract, async (input, ctx) => ({ data: await importAdmob(ctx.db, ctx.actor, input) })),
  handle(importIapStudioContract, async (input, ctx) => ({ data: await importIapStudio(ctx.db, ctx.actor, input) })),
  ...reportPostContracts.map(({ descriptorId, contract }) => handle(contract, async (input, ctx) => ({ data: await byId.get(descriptorId)!.run(ctx.db, ctx.viewer, input) }))),
];
