import { expect, it } from 'vitest';
import { openDemoService } from './demoService';

it('opens the shared demo games store, built once', async () => {
  const service = await openDemoService();
  try {
    expect(service.store.listByType('DT_SCHEDULE').length).toBeGreaterThan(40);
    expect(service.store.json<{ rows: unknown[] }>('MEDAL_TALLY', 'ALL')?.rows.length).toBeGreaterThan(10);
  } finally {
    service.close();
  }
}, 300_000);
