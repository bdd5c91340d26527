import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { appSdkVersionContract, appsHaveSdkVersionContract, appVersionsContract, versionsOfSdkContract, type AppVersion } from '../../lib/apps/contract';
import { parseVariantId } from '../../lib/platform';
import { $selectedApp, appIdOf, type AppScope } from '../../lib/apps/store';
import { api } from '../../lib/http/client';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import { parseRange, type DateRange } from '../../lib/ui/filters/date-range';
import OsSelect from '../../lib/ui/filters/OsSelect';
import { parseOsValue, type OsFilterValue } from '../../lib/ui/filters/os-options';
import { textCodec, useQueryState, type QueryCodec } from '../../lib/ui/filters/use-query-state';
import { writeQuery } from '../../lib/ui/filters/url-query';
import VersionAutocomplete from '../../lib/apps/filters/VersionAutocomplete';
import { ALL_VERSIONS } from '../../lib/apps/filters/version-options';
import { compareVersions } from '../../lib/versions';
import { AppOsCells, HeadLink, OsBadge, PlainTable, RelativeTime, ScreenHead } from './parts';
import '../../styles/data-table.css';
import './apps.css';

type LatestRow = { appId: string; name: string; os: 1 | 2 | 3; version: string; sdkVersion: string; lastSeen: string; versions: number };
type RunningRow = AppVersion & { name: string };

/** Where a version was learnt from (the SDK's own events, or typed in by staff) and when it was last seen. */
function SeenCells({ source, lastSeen }: { source: string; lastSeen: string }) {
  return (
    <>
      <td>{source === 'sdk' ? 'SDK' : 'Manual'}</td>
      <td>
        <RelativeTime iso={lastSeen} />
      </td>
    </>
  );
}

const osCodec: QueryCodec<OsFilterValue> = { parse: parseOsValue, serialize: (v) => (v === 0 ? null : String(v)) };
const versionCodec: QueryCodec<string> = { parse: (raw) => raw || ALL_VERSIONS, serialize: (v) => (v === ALL_VERSIONS ? null : v) };

/** SDK Version (/app_data/sdk_version): which app versions run which SDK version, among the visible apps. */
export default function SdkVersions({ account, search }: { account: AppScope; search: string }) {
  const [os, setOs] = useQueryState('os', osCodec, search);
  const [sdk, setSdk] = useQueryState('sdk', textCodec, search);
  const [version, setVersion] = useQueryState('version', versionCodec, search);
  const [range, setRangeState] = useState<DateRange | null>(() => {
    const params = new URLSearchParams(search);
    return parseRange(params.get('from'), params.get('to'));
  });
  const selected = useStore($selectedApp);
  const appId = selected ? appIdOf(selected) : null;
  // An OS variant ("{appId}_{os}") narrows to its platform.
  const effectiveOs: OsFilterValue = (selected && parseVariantId(selected.id)?.os) || os;

  const [sdks, setSdks] = useState<{ sdkVersion: string; apps: number; versions: number }[]>([]);
  const [latest, setLatest] = useState<LatestRow[] | null>(null);
  const [running, setRunning] = useState<RunningRow[] | null>(null);
  const [appVersions, setAppVersions] = useState<AppVersion[] | null>(null);

  const setRange = (next: DateRange | null) => {
    setRangeState(next);
    writeQuery({ from: next?.from ?? null, to: next?.to ?? null });
  };
  const seen = range ? { from: range.from, to: range.to } : {};

  useEffect(() => {
    api(versionsOfSdkContract, { os: effectiveOs }).then(({ data }) => setSdks(data), () => setSdks([]));
  }, [effectiveOs]);

  useEffect(() => {
    if (sdk) {
      setLatest(null);
      api(appsHaveSdkVersionContract, { sdkVersion: sdk, os: effectiveOs, ...seen }).then(({ data }) => setRunning(data), () => setRunning([]));
    } else {
      setRunning(null);
      api(appSdkVersionContract, { os: effectiveOs, ...(appId ? { appId } : {}), ...seen }).then(({ data }) => setLatest(data), () => setLatest([]));
    }
    // `seen` is rebuilt from the range on every render: its days are the dependency, not the object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sdk, effectiveOs, appId, range?.from, range?.to]);

  useEffect(() => {
    if (!appId) return setAppVersions(null);
    api(appVersionsContract, { appId, ...(effectiveOs ? { os: effectiveOs } : {}) }).then(({ data }) => setAppVersions(data), () => setAppVersions([]));
  }, [appId, effectiveOs]);

  const runningShown = useMemo(() => (running ?? []).filter((r) => !appId || r.appId === appId), [running, appId]);
  const versionsShown = useMemo(() => (appVersions ?? []).filter((v) => version === ALL_VERSIONS || v.version === version).sort((a, b) => a.os - b.os || compareVersions(b.version, a.version)), [appVersions, version]);

  return (
    <section className="card sdk-versions" aria-labelledby="sdk-title">
      <ScreenHead id="sdk-title" title="SDK Version">
          <HeadLink href="/app_data/index" icon="pi-arrow-left" label="App Manager" />
      </ScreenHead>

      <div className="filter-bar" role="search" aria-label="Filter versions">
        <AppAutocomplete account={account} withOs inputId="sv-app" placeholder="All apps" />
        <OsSelect value={os} onChange={setOs} inputId="sv-os" />
        <DateRangePicker value={range} onChange={setRange} clearable inputId="sv-seen" />
      </div>

      <div className="sdk-chips" role="group" aria-label="SDK versions in use">
        <button type="button" className="sdk-chip" aria-pressed={sdk === ''} onClick={() => setSdk('')}>
          Newest version of each app
        </button>
        {sdks.map((s) => (
          <button key={s.sdkVersion} type="button" className="sdk-chip" aria-pressed={sdk === s.sdkVersion} onClick={() => setSdk(s.sdkVersion)}>
            SDK {s.sdkVersion}
            <small>
              {s.apps} app{s.apps === 1 ? '' : 's'} · {s.versions} version{s.versions === 1 ? '' : 's'}
            </small>
          </button>
        ))}
      </div>

      {sdk ? (
        <>
          <h2>App versions running SDK {sdk}</h2>
          <PlainTable
            label="SDK versions table"
            headers={['App', 'Platform', 'Version', 'Source', 'Last seen (UTC+7)']}
            rows={running ? runningShown : null}
            rowKey={(r) => `${r.appId}-${r.os}-${r.version}`}
            empty={`No visible app version runs SDK ${sdk}${range ? ' in this period' : ''}.`}
            cells={(r) => (
              <>
                <AppOsCells name={r.name} appId={r.appId} os={r.os} />
                <td>{r.version}</td>
                <SeenCells source={r.source} lastSeen={r.lastSeen} />
              </>
            )}
          />
        </>
      ) : (
        <>
          <h2>Newest version of each app and its SDK</h2>
          <PlainTable
            label="SDK versions table"
            headers={['App', 'Platform', 'Newest version', 'SDK version', 'Known versions', 'Last seen (UTC+7)']}
            rows={latest}
            rowKey={(r) => `${r.appId}-${r.os}`}
            empty={`No version reported${range ? ' in this period' : ' yet'}: versions appear when the apps' SDK sends events.`}
            cells={(r) => (
              <>
                <AppOsCells name={r.name} appId={r.appId} os={r.os} />
                <td>{r.version}</td>
                <td>
                  {r.sdkVersion ? (
                    <button type="button" className="link-button" onClick={() => setSdk(r.sdkVersion)}>
                      {r.sdkVersion}
                    </button>
                  ) : (
                    <span className="muted">unknown</span>
                  )}
                </td>
                <td>{r.versions}</td>
                <td>
                  <RelativeTime iso={r.lastSeen} />
                </td>
              </>
            )}
          />
        </>
      )}

      {selected && appId && (
        <>
          <h2>Every version of {selected.value.replace(/_(Android|Ios|Webgl)$/, '')}</h2>
          <div className="filter-bar">
            <VersionAutocomplete appId={appId} os={effectiveOs} value={version} onChange={setVersion} inputId="sv-version" />
          </div>
          <PlainTable
            label="Versions of the app"
            headers={['Platform', 'Version', 'SDK version', 'Source', 'Last seen (UTC+7)']}
            rows={appVersions ? versionsShown : null}
            rowKey={(v) => `${v.os}-${v.version}`}
            empty="No version."
            cells={(v) => (
              <>
                <td>
                  <OsBadge os={v.os} />
                </td>
                <td>{v.version}</td>
                <td>{v.sdkVersion || <span className="muted">unknown</span>}</td>
                <SeenCells source={v.source} lastSeen={v.lastSeen} />
              </>
            )}
          />
        </>
      )}
    </section>
  );
}
