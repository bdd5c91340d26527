import { describe, expect, it } from 'vitest';
import { parseStudioFile } from './studio-file';

const apps = new Set(['com.a', 'com.b']);

describe('studio IAP file', () => {
  it('reads CSV and TSV rows with amounts as the stores write them', () => {
    const csv = 'App,OS,Gross,Net,Currency\ncom.a,Android,"1,234.50",1049.33,usd\ncom.b,iOS,200,,EUR\n';
    expect(parseStudioFile(csv, apps)).toEqual({
      rows: [{ appId: 'com.a', os: 1, gross: 1234.5, net: 1049.33, currency: 'USD' }, { appId: 'com.b', os: 2, gross: 200, currency: 'EUR' }],
      problems: [],
    });
    expect(parseStudioFile('App\tOS\tGross\ncom.a\t2\t5', apps).rows).toEqual([{ appId: 'com.a', os: 2, gross: 5, currency: 'USD' }]);
  });

  it('refuses a comma that could be a decimal comma or a thousands separator, instead of reading 12,5 as 125', () => {
    const why = (text: string) => `"${text}" has a comma, which could be a decimal comma or a thousands separator: write the number with a decimal point and no separators (e.g. 12.5 or 1250)`;
    const csv = 'App,OS,Gross,Net\ncom.a,Android,"12,5",\ncom.b,iOS,10,"1,250"\n';
    expect(parseStudioFile(csv, apps)).toEqual({ rows: [], problems: [{ row: 2, column: 'Gross', message: why('12,5') }, { row: 3, column: 'Net', message: why('1,250') }] });
  });

  it('names the row and column of every problem', () => {
    const bad = 'App,OS,Gross,Net\ncom.x,Android,1,\ncom.a,Linux,abc,\ncom.b,iOS,-3,\ncom.a,Android,10,11\ncom.b,ios,1,\n';
    expect(parseStudioFile(bad, apps).problems).toEqual([
      { row: 2, column: 'App', message: '"com.x" is not an app of your finance permission' },
      { row: 3, column: 'OS', message: '"Linux" is not Android, iOS or WebGL' },
      { row: 3, column: 'Gross', message: '"abc" is not a number' },
      { row: 4, column: 'Gross', message: 'must not be negative' },
      { row: 5, column: 'Net', message: 'must not exceed Gross' },
      { row: 6, column: 'App', message: 'com.b ios is on row 4 already' },
    ]);
    expect(parseStudioFile('Application,Gross\n', apps).problems).toEqual([
      { row: 1, column: 'App', message: 'the header row has no "App" column (expected App, OS, Gross, Net, Currency)' },
      { row: 1, column: 'OS', message: 'the header row has no "OS" column (expected App, OS, Gross, Net, Currency)' },
    ]);
  });
});
