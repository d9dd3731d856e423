import { describe, expect, it } from 'vitest';
import {
  channelOf,
  documentOf,
  MAX_CHANNELS,
  parseChannels,
  readLiveEvent,
  subscriptionUrl,
} from '../../src/core/live/channels';

const UNIT = 'SWMM100MFR------------FNL-000100--';

describe('live channels', () => {
  it('names a document <type>.<code> and reads the name back', () => {
    expect(channelOf('DT_RESULT', UNIT)).toBe(`DT_RESULT.${UNIT}`);
    expect(documentOf(`DT_RESULT.${UNIT}`)).toEqual({ type: 'DT_RESULT', code: UNIT });
    // A code may hold dots (a date of a derived document has none, but the type never does).
    expect(documentOf('SCHEDULE_DAY.2025-11-15')).toEqual({ type: 'SCHEDULE_DAY', code: '2025-11-15' });
  });

  it('names no channel for a document whose code a URL would escape', () => {
    expect(channelOf('DT_RESULT', 'a b')).toBeUndefined();
    expect(channelOf('DT_RESULT', 'x,y')).toBeUndefined();
    expect(channelOf('dt_result', UNIT)).toBeUndefined();
  });

  it('refuses a hostile or mistyped subscription whole', () => {
    for (const bad of [
      '',
      'DT_RESULT',
      '../etc/passwd',
      'DT_RESULT.<script>',
      `DT_RESULT.${UNIT},nope`,
      'dt_result.X',
      `DT_RESULT.${'x'.repeat(81)}`,
      Array.from({ length: MAX_CHANNELS + 1 }, (_, i) => `DT_RESULT.U${i}`).join(','),
    ])
      expect(parseChannels(bad), bad).toBeUndefined();
    expect(parseChannels(null)).toBeUndefined();
  });

  it('takes up to MAX_CHANNELS, each once', () => {
    const many = Array.from({ length: MAX_CHANNELS }, (_, i) => `DT_RESULT.U${i}`);
    expect(parseChannels(many.join(','))).toEqual(many);
    expect(parseChannels(`MEDAL_TALLY.ALL,MEDAL_TALLY.ALL`)).toEqual(['MEDAL_TALLY.ALL']);
  });

  it('writes one URL per set of channels, with nothing escaped', () => {
    expect(subscriptionUrl(['SCHEDULE.ALL', `DT_RESULT.${UNIT}`, 'SCHEDULE.ALL'])).toBe(
      `/live?c=DT_RESULT.${UNIT},SCHEDULE.ALL`,
    );
  });

  it('reads an event as sent and nothing else', () => {
    const event = { type: 'DT_RESULT', code: UNIT, version: 3, etag: '"abc"' };
    expect(readLiveEvent(JSON.stringify(event))).toEqual(event);
    expect(readLiveEvent('not json')).toBeUndefined();
    expect(readLiveEvent(JSON.stringify({ ...event, version: '3' }))).toBeUndefined();
    expect(readLiveEvent(JSON.stringify({ type: 'DT_RESULT' }))).toBeUndefined();
  });
});
