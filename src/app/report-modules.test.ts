import { describe, expect, it } from 'vitest';
import { loadedReport, loadReport, reportModuleOf, reportModules, type ReportModule } from './report-modules';
import { reportScreens } from './screens';

describe('report modules (a report screen loads its own descriptor only)', () => {
  it('every report of the registry is defined by exactly one listed module, the very descriptor the server uses', async () => {
    const ids = Object.keys(reportScreens);
    expect(ids.length).toBeGreaterThan(40);
    for (const id of ids) {
      const module = await reportModuleOf(id);
      const defining = [];
      for (const [name, load] of Object.entries(reportModules)) if (Object.values(await load()).includes(reportScreens[id])) defining.push(name);
      expect(defining, id).toEqual([module]);
      expect(await loadReport(module, id), id).toBe(reportScreens[id]);
      expect(loadedReport(module, id), id).toBe(reportScreens[id]);
    }
  });

  it('answers nothing for a report a module does not define, and says which', async () => {
    expect(loadedReport('finance', 'mainData')).toBeUndefined();
    await expect(loadReport('finance' as ReportModule, 'mainData')).rejects.toThrow('No report "mainData" in the module "finance" (src/app/report-modules.ts).');
    await expect(reportModuleOf('noSuchReport')).rejects.toThrow('No module of src/app/report-modules.ts defines the report "noSuchReport".');
  });

  it('the analytics module no longer brings the play, money, cohort and Stuck Game reports with it', async () => {
    const analytics = await reportModules.analytics();
    expect([...new Set(Object.values(analytics).flat().filter((v) => typeof v === 'object' && v !== null && 'contract' in v).map((d) => (d as { id: string }).id))].sort()).toEqual(
      ['level', 'levelMiniGame', 'levelRetention', 'mainData', 'retention'],
    );
  });
});
