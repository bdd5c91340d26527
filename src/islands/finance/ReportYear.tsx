import { formatUsdMicros } from '../../lib/numbers';
import { REVENUE_FROM_FINANCE, REVENUE_FROM_SDK } from '../../lib/finance/sources';
import '../../lib/ui/prime';
import { useEffect, useState } from 'react';
import { api } from '../../lib/http/client';
import { yearDataContract } from '../../lib/finance/month-contract';
import { ScrollTable } from '../common/ScrollTable';
import './finance.css';
import { formatCount } from '../../lib/numbers';

type Year = Awaited<ReturnType<typeof load>>;
const load = async (year: number) => (await api(yearDataContract, { year })).data;
const usd = (micros: number) => formatUsdMicros(micros);

/** Report Year: the twelve month reports' totals (adjustments included) and the year's total. */
export default function ReportYear({ defaultYear }: { defaultYear: number }) {
  const [year, setYear] = useState(defaultYear);
  const [data, setData] = useState<Year | null>(null);
  useEffect(() => void load(year).then(setData, () => undefined), [year]);
  const years = Array.from({ length: 4 }, (_, i) => defaultYear - i);
  return (
    <section className="card finance-month">
      <p className="muted">Revenue {REVENUE_FROM_FINANCE}; the dashboard and Main Data show revenue {REVENUE_FROM_SDK}.</p>
      <div className="toolbar">
        <label className="field">
          <span>Year</span>
          <select className="p-inputtext" value={year} onChange={(e) => setYear(Number(e.target.value))} aria-label="Year">
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data && (
        <ScrollTable label="Year report" className="finance-table" headers={['Month', 'Revenue', 'Cost', 'Profit', 'Margin', 'Paid installs']}>
          {[data.total, ...data.rows].map((r) => (
            <tr key={r.month} className={r.month === 'Total' ? 'total' : ''}>
              <th scope="row">{r.month}</th>
              <td>{usd(r.revenue)}</td>
              <td>{usd(r.cost)}</td>
              <td>{usd(r.profit)}</td>
              <td>{r.revenue > 0 ? `${((100 * r.profit) / r.revenue).toFixed(1)}%` : '—'}</td>
              <td>{formatCount(r.installs)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
