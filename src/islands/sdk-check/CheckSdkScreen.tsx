import "../../lib/ui/prime";
import { useEffect, useState } from "react";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { TabPanel, TabView } from "primereact/tabview";
import TrackingPlanView from "./TrackingPlanView";
import { api } from "../../lib/http/client";
import { sdkCheckContract } from "../../lib/sdk-check/contract";
import { formatDateTime } from "../../lib/time/format";
import { formatCount } from "../../lib/numbers";
import { PLATFORM_CHOICES } from "../../lib/platform";

type Result = Awaited<ReturnType<typeof load>>;
const load = async (appId: string, os: number, version: string) =>
  (await api(sdkCheckContract, { appId, os, version: version || undefined }))
    .data;
const OS = [{ label: "All", value: 0 }, ...PLATFORM_CHOICES];

const TABS = ["received", "plan"] as const;

/**
 * Check SDK: what an app's SDK sent in the last 24 hours, so an integrator can verify an integration; and the
 * app's tracking plan as a data-quality view (?tab=plan opens it).
 */
export default function CheckSdkScreen({
  apps,
}: {
  apps: { id: string; name: string }[];
}) {
  const [appId, setAppId] = useState<string | null>(apps[0]?.id ?? null);
  const [tab, setTab] = useState(0);
  useEffect(() => {
    const asked = TABS.indexOf(
      new URLSearchParams(window.location.search).get(
        "tab",
      ) as (typeof TABS)[number],
    );
    if (asked > 0) setTab(asked);
  }, []);
  const chooseTab = (index: number) => {
    setTab(index);
    const url = new URL(window.location.href);
    if (index === 0) url.searchParams.delete("tab");
    else url.searchParams.set("tab", TABS[index]!);
    window.history.replaceState(null, "", url);
  };
  const [os, setOs] = useState(0);
  const [version, setVersion] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    if (!appId) return;
    setBusy(true);
    try {
      setResult(await load(appId, os, version.trim()));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => void check().catch(() => undefined), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section className="card">
      <TabView activeIndex={tab} onTabChange={(e) => chooseTab(e.index)}>
        <TabPanel header="Received (24 h)">
          <div className="toolbar">
            <Dropdown
              value={appId}
              options={apps}
              optionLabel="name"
              optionValue="id"
              onChange={(e) => setAppId(e.value)}
              filter
              placeholder="Choose an app"
              aria-label="App"
            />
            <Dropdown
              value={os}
              options={OS}
              onChange={(e) => setOs(e.value)}
              aria-label="OS"
            />
            <InputText
              value={version}
              onChange={(e) => setVersion(e.target.value)}
              placeholder="App version (all)"
              aria-label="App version"
            />
            <Button
              label="Check"
              icon="pi pi-refresh"
              loading={busy}
              onClick={() => void check()}
            />
          </div>
          {result && (
            <>
              <p data-testid="sdk-summary">
                {result.total > 0 ? (
                  <>
                    <strong>{formatCount(result.total)}</strong>{" "}
                    event(s) in the last 24 hours, last at{" "}
                    {formatDateTime(result.lastEventAt)} (UTC+7). SDK
                    version(s): {result.sdkVersions.join(", ") || "—"}.
                  </>
                ) : (
                  "Nothing received in the last 24 hours: check the SDK key, the network and that the build sends events."
                )}
              </p>
              <DataTable
                value={result.events}
                dataKey="name"
                size="small"
                emptyMessage="No event."
              >
                <Column field="name" header="Event" />
                <Column
                  header="Count (24 h)"
                  body={(e: Result["events"][number]) =>
                    formatCount(e.count)
                  }
                />
                <Column
                  bodyClassName="date-time"
                  header="Last received (UTC+7)"
                  body={(e: Result["events"][number]) =>
                    formatDateTime(e.lastReceivedAt)
                  }
                />
                <Column
                  header="Clamped times"
                  body={(e: Result["events"][number]) =>
                    e.flagged ? e.flagged : "—"
                  }
                />
              </DataTable>
            </>
          )}
        </TabPanel>
        <TabPanel header="Tracking plan">
          <TrackingPlanView apps={apps} appId={appId} onApp={setAppId} />
        </TabPanel>
      </TabView>
    </section>
  );
}
