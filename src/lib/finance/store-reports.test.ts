import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zip } from '../reports/xlsx';
import { readStoreReports, storeDate, type AppCatalog } from './store-reports';
import { unpack } from './unpack';

const catalog: AppCatalog = {
  apps: new Set(['miner', 'farm']),
  packages: [
    { appId: 'miner', os: 1, packageId: 'com.studio.miner' },
    { appId: 'miner', os: 2, packageId: 'com.studio.miner' },
    { appId: 'farm', os: 1, packageId: 'com.studio.farm' },
    { appId: 'farm', os: 2, packageId: 'com.studio.miner.farm' },
  ],
};

const GOOGLE_HEADER =
  'Description,Transaction Date,Transaction Time,Tax Type,Transaction Type,Refund Type,Product Title,Product id,Product Type,Sku Id,Hardware,Buyer Country,Buyer State,Buyer Postal Code,Buyer Currency,Amount (Buyer Currency),Currency Conversion Rate,Merchant Currency,Amount (Merchant Currency)';
const google = (lines: string[]) => [GOOGLE_HEADER, ...lines].join('\n') + '\n';
const play = (id: string, date: string, type: string, pkg: string, amount: string, currency = 'USD') =>
  `GPA.${id},"${date}",10:00:00 PDT,,${type},,Gems,${pkg},inapp,gems100,,US,,,USD,0,1,${currency},${amount}`;

const APPLE_HEADER = [
  'Start Date', 'End Date', 'UPC', 'ISRC/ISBN', 'Vendor Identifier', 'Quantity', 'Partner Share', 'Extended Partner Share', 'Partner Share Currency',
  'Customer Price', 'Customer Currency', 'Country Of Sale', 'Apple Identifier', 'Artist/Show/Developer/Author', 'Title',
].join('\t');
const apple = (lines: string[]) => [APPLE_HEADER, ...lines, '', 'Total_Rows\t3', 'Total_Amount\t0', 'Total_Units\t0'].join('\n');
const store = (start: string, end: string, vendor: string, qty: string, share: string, ext: string, cur: string, price: string, custCur: string) =>
  [start, end, '', '', vendor, qty, share, ext, cur, price, custCur, 'US', '1234567', 'Studio', 'Gems'].join('\t');

describe('store reports', () => {
  it('reads dates as the stores write them', () => {
    expect(storeDate('Oct 1, 2026')).toBe('2026-10-01');
    expect(storeDate('Sept 30, 2026')).toBe('2026-09-30');
    expect(storeDate('10/31/2026')).toBe('2026-10-31');
    expect(storeDate('2026-02-29')).toBeNull();
    expect(storeDate('31/10/2026')).toBeNull();
  });

  it('sums a Google Play earnings report per app: gross = charges less refunds, net = every line', () => {
    const csv = google([
      play('1', 'Oct 1, 2026', 'Charge', 'com.studio.miner', '4.99'),
      play('1', 'Oct 1, 2026', 'Google fee', 'com.studio.miner', '-0.75'),
      play('2', 'Oct 3, 2026', 'Charge', 'com.studio.miner', '"1,000.01"'),
      play('2', 'Oct 3, 2026', 'Google fee', 'com.studio.miner', '-150.00'),
      play('3', 'Oct 9, 2026', 'Charge refund', 'com.studio.miner', '-4.99'),
      play('3', 'Oct 9, 2026', 'Google fee refund', 'com.studio.miner', '0.75'),
      play('4', 'Oct 31, 2026', 'Charge', 'COM.STUDIO.FARM', '0.10'),
      play('4', 'Oct 31, 2026', 'Tax', 'com.studio.farm', '-0.01'),
    ]);
    const report = readStoreReports([{ name: 'PlayApps_202610.csv', text: csv }], catalog, '2026-10');
    expect(report).toEqual({
      kinds: ['google-play'],
      lines: 8,
      problems: [],
      rows: [
        { appId: 'miner', os: 1, currency: 'USD', gross: 1000.01, net: 850.01 },
        { appId: 'farm', os: 1, currency: 'USD', gross: 0.1, net: 0.09 },
      ],
    });
  });

  it('names the row and column of every problem of an earnings report and keeps nothing', () => {
    const csv = google([
      play('1', 'Sep 30, 2026', 'Charge', 'com.studio.miner', '1'),
      play('2', 'Oct 2, 2026', 'Charge', 'com.other.game', '1'),
      play('3', 'Oct 2, 2026', 'Charge', 'com.studio.miner', 'abc'),
      play('4', 'Oct 2, 2026', 'Charge refund', 'com.studio.farm', '-3'),
    ]);
    const report = readStoreReports([{ name: 'a.csv', text: csv }], catalog, '2026-10');
    expect(report.rows).toEqual([]);
    expect(report.problems).toEqual([
      { row: 2, column: 'Transaction Date', message: 'Sep 30, 2026 is not in 2026-10' },
      { row: 3, column: 'Product id', message: '"com.other.game" is not the package name of an Android app of your finance permission' },
      { row: 4, column: 'Amount (Merchant Currency)', message: '"abc" is not a number' },
      { row: 5, column: 'Amount (Merchant Currency)', message: 'farm USD: refunds exceed sales in this report (gross -3, net -3)' },
    ]);
  });

  it('sums an App Store financial report by bundle-id prefix, in the fiscal month of its period', () => {
    // Apple's fiscal October 2026 runs Sep 27 – Oct 31; returns have a negative quantity.
    const tsv = apple([
      store('09/27/2026', '10/31/2026', 'com.studio.miner.gems100', '10', '0.70', '7.00', 'USD', '0.99', 'USD'),
      store('09/27/2026', '10/31/2026', 'com.studio.miner.gems100', '-1', '0.70', '-0.70', 'USD', '0.99', 'USD'),
      store('09/27/2026', '10/31/2026', 'com.studio.miner.farm.coins', '3', '2.55', '7.65', 'USD', '2.99', 'CAD'),
      store('09/27/2026', '10/31/2026', 'com.studio.farm.gold', '1', '0.70', '0.70', 'USD', '1.00', 'USD'),
    ]);
    const report = readStoreReports([{ name: 'Z1_1026.txt', text: tsv }], catalog, '2026-10');
    expect(report.problems).toEqual([]);
    expect(report.kinds).toEqual(['app-store']);
    // miner: gross 10 × 0.99 − 1 × 0.99 = 8.91, net 6.30; farm (the longest id wins, and its Android package name
    // counts): net 7.65 + 0.70, gross 7.65 ÷ 0.85 (paid in CAD) + 1 × 1.00 = 10.00.
    expect(report.rows).toEqual([
      { appId: 'miner', os: 2, currency: 'USD', gross: 8.91, net: 6.3 },
      { appId: 'farm', os: 2, currency: 'USD', gross: 10, net: 8.35 },
    ]);
    const wrongMonth = readStoreReports([{ name: 'Z1_1126.txt', text: tsv }], catalog, '2026-11');
    expect(wrongMonth.problems[0]).toEqual({ row: 2, column: 'End Date', message: "the period 2026-09-27 – 2026-10-31 is Apple's fiscal 2026-10, not 2026-11" });
    const unknown = readStoreReports([{ name: 'x.txt', text: apple([store('09/27/2026', '10/31/2026', 'com.other.gems', '1', '1', '1', 'USD', '1', 'USD')]) }], catalog, '2026-10');
    expect(unknown.problems).toEqual([{ row: 2, column: 'Vendor Identifier', message: '"com.other.gems" does not start with the bundle id (or package name) of an iOS app of your finance permission' }]);
  });

  it('opens the zip and gzip files the stores hand out and adds up the regions of one app', async () => {
    const us = apple([store('09/27/2026', '10/31/2026', 'com.studio.miner.gems', '2', '0.70', '1.40', 'USD', '0.99', 'USD')]);
    const eu = apple([store('09/27/2026', '10/31/2026', 'com.studio.miner.gems', '1', '0.80', '0.80', 'EUR', '1.09', 'EUR')]);
    const us2 = apple([store('09/27/2026', '10/31/2026', 'com.studio.miner.gems', '3', '0.70', '2.10', 'USD', '0.99', 'USD')]);
    const archive = zip([['US_1026.txt', us], ['EU_1026.txt', eu], ['LL_1026.txt', us2], ['__MACOSX/._US_1026.txt', 'resource fork']]);
    const files = await unpack('financial_report.zip', new Uint8Array(archive));
    expect(files.map((f) => f.name)).toEqual(['US_1026.txt', 'EU_1026.txt', 'LL_1026.txt']);
    const report = readStoreReports(files, catalog, '2026-10');
    expect(report.rows).toEqual([
      { appId: 'miner', os: 2, currency: 'USD', gross: 4.95, net: 3.5 },
      { appId: 'miner', os: 2, currency: 'EUR', gross: 1.09, net: 0.8 },
    ]);
    const gz = await unpack('Z1_1026.txt.gz', new Uint8Array(gzipSync(us)));
    expect(gz).toEqual([{ name: 'Z1_1026.txt', text: us }]);
    await expect(unpack('bad.zip', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).rejects.toThrow('is not a zip archive');
  });
});
