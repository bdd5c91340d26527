import { describe, expect, it } from 'vitest';
import { appMeasurementScreen, inappOverviewScreen, inappScreen } from './screens';

/** App Measurement and the Inapp screens count purchases differently (docs/metrics.md): each says which and links to the other. */
describe('purchase counting notes', () => {
  it('App Measurement names its event counting and links to Inapp Overview', () => {
    // These notices read no field of the answer: an empty stand-in is enough.
    expect(appMeasurementScreen.notices!({} as never)).toEqual([
      {
        tone: 'info',
        text: 'IAP here counts purchase events as Main Data does (each iap_purchase the game sent). Inapp Overview counts verified store transactions, one per transaction id.',
        link: { label: 'Inapp Overview', href: '/gsm/analytic/inappOverview' },
      },
    ]);
  });

  it('Inapp Overview and Inapp name their transaction counting and link to App Measurement', () => {
    for (const screen of [inappOverviewScreen, inappScreen]) {
      // These notices read no field of the answer: an empty stand-in is enough.
      expect(screen.notices!({} as never)).toEqual([
        {
          tone: 'info',
          text: 'Purchases here are store transactions: verified purchases, one per store and transaction id (a re-sent purchase counts once). App Measurement counts purchase events as Main Data does.',
          link: { label: 'App Measurement', href: '/gsm/analytic/app_measurement' },
        },
      ]);
    }
  });

});
