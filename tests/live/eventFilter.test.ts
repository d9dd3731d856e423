import { describe, expect, it } from 'vitest';
import { EventFilter } from '../../src/web/live/eventFilter';

const event = (version: number, etag: string, code = 'U1') => ({ type: 'DT_RESULT', code, version, etag });

describe("the page's event filter", () => {
  it('never goes back in time: an older or repeated version after a newer changes nothing', () => {
    const filter = new EventFilter(() => undefined);
    expect(filter.newer(event(3, '"c"'))).toBe('DT_RESULT.U1');
    expect(filter.newer(event(2, '"b"'))).toBeUndefined();
    expect(filter.newer(event(3, '"c"'))).toBeUndefined();
    expect(filter.newer(event(4, '"d"'))).toBe('DT_RESULT.U1');
    // Channels are apart.
    expect(filter.newer(event(1, '"a"', 'U2'))).toBe('DT_RESULT.U2');
  });

  it("takes no event whose ETag is the page's copy's (a subscription's first, the page rendered after it)", () => {
    const loaded = new Map([['DT_RESULT.U1', '"c"']]);
    const filter = new EventFilter((channel) => loaded.get(channel));
    expect(filter.newer(event(3, '"c"'))).toBeUndefined();
    expect(filter.newer(event(4, '"d"'))).toBe('DT_RESULT.U1');
  });

  it('ignores an event naming a document no channel could', () => {
    expect(new EventFilter(() => undefined).newer(event(1, '"a"', 'bad code'))).toBeUndefined();
  });
});
