import { describe, expect, it } from 'vitest';
import { CELLS, demo, draw, element, project, report } from '../cellTesting';

const image = (url: string) =>
  project('image', 'Value', element(`<ExtendedResult Type="ER" Code="PHOTO" Value="${url}"/>`));

describe('the image cell', () => {
  it('keeps web links only, so a feed cannot smuggle in a script URL', () => {
    expect(image('https://results.example/photo/finish.jpg')).toBe('https://results.example/photo/finish.jpg');
    expect(image('/media/finish.jpg')).toBe('/media/finish.jpg');
    expect(image('javascript:alert(1)')).toBe('');
    expect(image('data:image/png;base64,AAAA')).toBe('');
  });

  it('is a button that opens the image', () => {
    expect(draw('image', '/media/finish.jpg', 'Photo finish')).toContain('>View image</button>');
    expect(CELLS.image.priority).toBe('secondary');
  });

  it('is left out of a printed report and of the demo', () => {
    expect(report('image', 'Value', element('<ExtendedResult Value="/media/finish.jpg"/>')).weight).toBe(0);
    expect(demo('image', { index: 0 })).toBeUndefined();
  });
});
