import "../../lib/ui/prime";
import { useEffect, useState } from "react";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { TabPanel, TabView } from "primereact/tabview";
import TrackingPlanView from "./TrackingPlanView";
import type { DataOf } from "../../lib/contract";
import { api } from "../../lib/http/client";
import { sdkCheckContract } from "../../lib/sdk-check/contract";
import { formatDateTime } from "../../lib/time/format";
import { formatCount } from "../../lib/numbers";
import { PLATFORM_CHOICES } from "../../lib/platform";
import type { ListColumn } from "../../lib/ui/list/columns";
import { useListAnswers } from "../../lib/ui/list/list-answer";
import { useResourceList } from "../../lib/ui/list/use-resource-list";
import { ListTable } from "../common/ListTable";

type Result = DataOf<typeof sdkCheckContract>;
type Received = Result["events"][number];
const OS = [{ label: "All", value: 0 }, ...PLATFORM_CHOICES];

const TABS = ["received", "plan"] as const;

const COLUMNS: ListColumn<Received>[] = [
  { key: "name", header: "Event" },
  { key: "count", header: "Count (24 h)", text: (e) => formatCount(e.count) },
  {
    key: "lastReceivedAt",
    header: "Last received (UTC+7)",
    className: "date-time",
    text: (e) => formatDateTime(e.lastReceivedAt),
  },
  {
    key: "flagged",
    header: "Clamped times",
    text: (e) => (e.flagged ? e.flagged : "—"),
  },
];

/** What the check asks: the app, the platform (0 = all) and the app version ('' = all), as the list holds them. */
type Check = { app: string; os: string; version: string };

/**
 * Check SDK: what an app's SDK sent in the last 24 hours, so an integrator can verify an integration; and the
 * app's tracking plan as a data-quality view (?tab=plan opens it). The received events are a list on the
 * controller whose filters are what the last check asked: the inputs are a draft until "Check" (a check is
 * a diagnosis run on demand, not a filter applied while typing), and they stay out of the URL as before.
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
  const answers = useListAnswers<Result>();
  const list = useResourceList<Received, Check>({
    filters: { app: apps[0]?.id ?? "", os: "0", version: "" },
    url: false,
    serverPaged: false,
    pageSize: 500,
    load: async ({ filters: f }) => {
      // No app to check (an account that sees none): nothing is asked, and nothing is shown.
      if (!f.app) return { data: [] };
      const { data } = await api(sdkCheckContract, {
        appId: f.app,
        os: Number(f.os),
        version: f.version || undefined,
      });
      return { data: answers.keep(data.events, data) };
    },
  });
  const result = answers.of(list.rows);
  const check = () => {
    if (!appId) return;
    const asked: Check = { app: appId, os: String(os), version: version.trim() };
    const applied = list.applied.filters;
    // The same check again is asked again (new events may have arrived); a changed one asks through its filters.
    if (asked.app === applied.app && asked.os === applied.os && asked.version === applied.version) void list.reload();
    else list.setFilters(asked);
  };

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
              loading={list.loading}
              onClick={check}
            />
          </div>
          {result && (
            <p data-testid="sdk-summary">
              {result.total > 0 ? (
                <>
                  <strong>{formatCount(result.total)}</strong> event(s) in
                  the last 24 hours, last at{" "}
                  {formatDateTime(result.lastEventAt)} (UTC+7). SDK
                  version(s): {result.sdkVersions.join(", ") || "—"}.
                </>
              ) : (
                "Nothing received in the last 24 hours: check the SDK key, the network and that the build sends events."
              )}
            </p>
          )}
          {list.applied.filters.app && (
            <ListTable
              list={list}
              columns={COLUMNS}
              label="Events received"
              what="The check"
              dataKey="name"
              loadingMessage="Checking what the SDK sent…"
              emptyMessage="No event."
            />
          )}
        </TabPanel>
        <TabPanel header="Tracking plan">
          <TrackingPlanView apps={apps} appId={appId} onApp={setAppId} />
        </TabPanel>
      </TabView>
    </section>
  );
}
