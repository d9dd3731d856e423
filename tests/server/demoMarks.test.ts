import { describe, expect, it } from 'vitest';
import { distanceOf, markAt, readMark, scaleMark } from '../../src/server/demo/marks';

describe("the demo's marks, written like an example's", () => {
  it('read the distance an event code names, relays and marathons included', () => {
    expect(distanceOf('ATHM100M--------------------------')).toBe(100);
    expect(distanceOf('ATHW1500M-------------------------')).toBe(1500);
    expect(distanceOf('ATHM4X400M------------------------')).toBe(1600);
    expect(distanceOf('SWMX4X100MMD----------------------')).toBe(400);
    expect(distanceOf('ATWM20KMWALK----------------------')).toBe(20_000);
    expect(distanceOf('ATMMMARATHON----------------------')).toBe(42_195);
    expect(distanceOf('ATHWSHOTPUT-----------------------')).toBeUndefined();
  });

  it("scale a race's mark to another distance, with the parts it then needs", () => {
    expect(scaleMark('10.08', 15)).toBe('2:31.20');
    expect(scaleMark('2:06:00', 0.5)).toBe('1:03:00');
    expect(readMark(scaleMark('10.08', 400))!.value).toBeCloseTo(4032, 0);
    expect(scaleMark('10.08', 1)).toBe('10.08');
    expect(scaleMark('DNF', 3)).toBe('DNF');
  });

  it('continue a ranking past the example rows in its direction', () => {
    expect(markAt(['10.01', '10.05'], 2)).toBe('10.09');
    expect(markAt(['90', '85'], 3)).toBe('75');
  });
});
