import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { buildCoverageReport } from '../../src/server/coverage/buildReport';
import { Component, CoverageTables } from '../../src/web/pages/internalCoverage';
import { memoryService } from '../server/helpers';

describe('the internal coverage page', () => {
  it('asks for the token, its button off until hydrated (the token never leaves without JavaScript)', () => {
    const html = renderToString(<Component />);
    expect(html).toContain('Feed coverage');
    expect(html).toMatch(/type="password"/);
    expect(html).toMatch(/<button[^>]*disabled/);
  });

  it('draws the report the service builds as a table per sport and type, with where each value is shown', async () => {
    const service = await memoryService();
    try {
      const example = readFileSync(join(ROOT, 'sports/SWM/examples/DT_RESULT.final.xml'));
      expect(service.ingestor.ingest(example, 'test').outcome).toBe('stored');
      const report = await buildCoverageReport(service);
      const html = renderToString(<CoverageTables report={report} idPrefix="c" />);
      expect(html).toContain('<h2 id="c-SWM">SWM</h2>');
      expect(html).toContain('layouts: tab startlist, tab result');
      expect(html).toMatch(/<code>Competition\.Result\.Rank<\/code><\/th><td>read<\/td>.*?result: column rank/);
    } finally {
      service.close();
    }
  });
});
