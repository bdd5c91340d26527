import { handle, type ApiHandler } from '../server/api/handler';
import { accountListAppContract, accountListAppOsContract, accountListAppOsFinanceContract, allAppContract, allPublishAppContract, allUnpublishAppContract, appDetailContract, appSdkVersionContract, appVersionsContract, appsHaveSdkVersionContract, canViewAppContract, checkNotExistLabelsContract, clearLabelOfAllAppsContract, createAppContract, deleteAppContract, deleteLabelContract, getAppByGameTypesContract, listAppContract, listAppReportMonthContract, listAppShowFinanceContract, listAppWithFieldContract, listHighlightOptionsContract, pTrackingActionContract, pTrackingDeleteContract, pTrackingListContract, publishDateActionContract, publishDateDeleteContract, publishDateListContract, regenerateKeyContract, updateAppContract, updateConfigContract, versionActionContract, versionDeleteContract, versionPoolsContract, versionsOfSdkContract } from './contract';
import { rememberFormAppContract } from './form-app-contract';
import { rememberFormApp } from './form-app';
import { HIGHLIGHT_OPTIONS } from './rules';
import { appDetail, appVersions, appsByGameTypes, canViewApp, clearLabelOfAllApps, createApp, deleteApp, deleteLabel, deleteManualVersion, deletePTracking, deletePublishDate, labelsNotInUse, latestSdkVersions, listAppOptions, listAppOsOptions, listAppSummaries, listAppsWithFields, listPTracking, listPublishDates, regenerateKey, saveManualVersion, savePTracking, savePublishDate, sdkVersionsSeen, updateApp, updateConfig, versionPoolsOf, versionsRunningSdk } from './service';

/** App Manager: apps, their platforms, versions, publish dates, labels and tracking. Listed in the area's manifest (./area.ts). */
export const appsApi: ApiHandler[] = [
  handle(rememberFormAppContract, async ({ appId }, ctx) => ({ data: { appId: await rememberFormApp(ctx.db, ctx.viewer, appId) } })),
  handle(accountListAppContract, async (_input, ctx) => ({ data: await listAppOptions(ctx.db, ctx.viewer) })),
  handle(accountListAppOsContract, async (_input, ctx) => ({ data: await listAppOsOptions(ctx.db, ctx.viewer) })),
  handle(accountListAppOsFinanceContract, async (_input, ctx) => ({ data: await listAppOsOptions(ctx.db, ctx.viewer, true) })),
  handle(publishDateActionContract, async (input, ctx) => ({ data: await savePublishDate(ctx.db, ctx.actor, input) })),
  handle(publishDateDeleteContract, async ({ id }, ctx) => {
    await deletePublishDate(ctx.db, ctx.actor, id);
    return { data: { id } };
  }),
  handle(publishDateListContract, async ({ appId }, ctx) => ({ data: await listPublishDates(ctx.db, ctx.viewer, appId) })),
  handle(appSdkVersionContract, async (input, ctx) => ({ data: await latestSdkVersions(ctx.db, ctx.viewer, input) })),
  handle(appsHaveSdkVersionContract, async (input, ctx) => ({ data: await versionsRunningSdk(ctx.db, ctx.viewer, input) })),
  handle(canViewAppContract, async ({ appId }, ctx) => ({ data: { appId, canView: await canViewApp(ctx.db, ctx.viewer, appId) } })),
  handle(checkNotExistLabelsContract, async ({ labels }, ctx) => ({ data: { notExist: await labelsNotInUse(ctx.db, labels) } })),
  handle(clearLabelOfAllAppsContract, async ({ label }, ctx) => ({ data: { label, apps: await clearLabelOfAllApps(ctx.db, ctx.actor, label) } })),
  handle(createAppContract, async (input, ctx) => ({ data: await createApp(ctx.db, ctx.actor, input) })),
  handle(deleteAppContract, async ({ appId }, ctx) => {
    return { data: { appId, archived: await deleteApp(ctx.db, ctx.actor, appId) } };
  }),
  handle(deleteLabelContract, async ({ appId, label }, ctx) => ({ data: { appId, labels: await deleteLabel(ctx.db, ctx.actor, appId, label) } })),
  handle(allAppContract, async (_input, ctx) => {
    const apps = await listAppSummaries(ctx.db, ctx.viewer, 'all');
    return { data: apps, totalRecord: apps.length };
  }),
  handle(allPublishAppContract, async (_input, ctx) => {
    const apps = await listAppSummaries(ctx.db, ctx.viewer, 'published');
    return { data: apps, totalRecord: apps.length };
  }),
  handle(allUnpublishAppContract, async (_input, ctx) => {
    const apps = await listAppSummaries(ctx.db, ctx.viewer, 'unpublished');
    return { data: apps, totalRecord: apps.length };
  }),
  handle(appDetailContract, async ({ appId }, ctx) => ({ data: await appDetail(ctx.db, ctx.viewer, appId) })),
  handle(listAppReportMonthContract, async (_input, ctx) => ({ data: await listAppOptions(ctx.db, ctx.viewer, 'a.report_month') })),
  handle(listAppShowFinanceContract, async (_input, ctx) => ({ data: await listAppOptions(ctx.db, ctx.viewer, 'a.show_finance') })),
  handle(listHighlightOptionsContract, async () => ({ data: HIGHLIGHT_OPTIONS.map((o) => ({ ...o })) })),
  handle(listAppContract, async (_input, ctx) => ({ data: await listAppOptions(ctx.db, ctx.viewer) })),
  handle(listAppWithFieldContract, async ({ field }, ctx) => ({ data: await listAppsWithFields(ctx.db, ctx.viewer, field) })),
  handle(versionPoolsContract, async ({ appId }, ctx) => ({ data: await versionPoolsOf(ctx.db, ctx.viewer, appId) })),
  handle(getAppByGameTypesContract, async ({ gameTypes }, ctx) => ({ data: await appsByGameTypes(ctx.db, ctx.viewer, gameTypes) })),
  handle(pTrackingActionContract, async (input, ctx) => ({ data: await savePTracking(ctx.db, ctx.actor, input) })),
  handle(pTrackingDeleteContract, async ({ id }, ctx) => {
    await deletePTracking(ctx.db, ctx.actor, id);
    return { data: { id } };
  }),
  handle(pTrackingListContract, async ({ appId }, ctx) => ({ data: await listPTracking(ctx.db, ctx.viewer, appId) })),
  handle(regenerateKeyContract, async ({ appId, os }, ctx) => ({ data: { appId, os, sdkAppKey: await regenerateKey(ctx.db, ctx.actor, appId, os) } })),
  handle(updateAppContract, async (input, ctx) => ({ data: await updateApp(ctx.db, ctx.actor, input) })),
  handle(updateConfigContract, async ({ appId, config }, ctx) => ({ data: await updateConfig(ctx.db, ctx.actor, appId, config) })),
  handle(appVersionsContract, async ({ appId, os }, ctx) => ({ data: await appVersions(ctx.db, ctx.viewer, appId, os) })),
  handle(versionActionContract, async (input, ctx) => ({ data: await saveManualVersion(ctx.db, ctx.actor, input) })),
  handle(versionDeleteContract, async (input, ctx) => {
    await deleteManualVersion(ctx.db, ctx.actor, input);
    return { data: { ok: true as const } };
  }),
  handle(versionsOfSdkContract, async ({ os }, ctx) => ({ data: await sdkVersionsSeen(ctx.db, ctx.viewer, os) })),
];
