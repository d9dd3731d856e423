import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName, familyCase, givenCase, NAME_LIMIT, PARTICLES, SHORT_NAME_LIMIT } from '../../src/core/names';

const word = fc.stringMatching(/^[A-Za-z]{1,14}$/);
const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((w) => w.join(' '));
const particle = fc.constantFrom(...PARTICLES);

describe('person-name display', () => {
  it('upper-cases the family name and capitalises the given name', () => {
    expect(displayName({ family: 'wang', given: 'lei' })).toBe('WANG Lei');
    expect(displayName({ family: 'de la Cruz', given: 'maria-jose' })).toBe('de la CRUZ Maria-Jose');
    expect(displayName({ family: 'van der Berg', given: 'ANNA' })).toBe('van der BERG Anna');
    expect(displayName({ family: 'mcdonald', given: 'ian' })).toBe('McDONALD Ian');
    expect(displayName({ family: 'MCKAY', given: 'sue' })).toBe('McKAY Sue');
  });

  it('uses the given name when the family name is empty or a dash', () => {
    expect(displayName({ family: '-', given: 'neymar' })).toBe('NEYMAR');
    expect(displayName({ family: '', given: 'ronaldinho' })).toBe('RONALDINHO');
  });

  it('shortens in order: initial, then family name alone, then cut', () => {
    const family = 'SCHWARZENEGGER';
    expect(displayName({ family, given: 'Arnold Alois' }, { short: true })).toBe('SCHWARZENEGGER A.');
    expect(displayName({ family: 'Papadopoulos-Konstantinou', given: 'Alexandros' }, { short: true })).toBe(
      'PAPADOPOULOS-KONST',
    );
    // 36 characters in full, one over the limit.
    expect(displayName({ family: 'Abdulrahman', given: 'Mohammed Abdullah Rashid' })).toBe('ABDULRAHMAN M.');
  });

  it('keeps Chinese names in family-then-given order, unspaced', () => {
    expect(displayName({ family: '欧阳', given: '子涵' })).toBe('欧阳子涵');
  });

  it('is never longer than the limit, and shortens only as the spec says (property)', () => {
    fc.assert(
      fc.property(
        fc.option(words(4), { nil: undefined }),
        fc.option(words(4), { nil: undefined }),
        fc.boolean(),
        (family, given, short) => {
          const limit = short ? SHORT_NAME_LIMIT : NAME_LIMIT;
          const shown = displayName({ family, given }, { short });
          expect(shown.length).toBeLessThanOrEqual(limit);
          const effectiveFamily = family && family.trim() !== '-' ? family : (given ?? '');
          const effectiveGiven = family && family.trim() !== '-' ? (given ?? '') : '';
          const full = [familyCase(effectiveFamily), givenCase(effectiveGiven)].filter(Boolean).join(' ');
          const initial = `${familyCase(effectiveFamily)} ${givenCase(effectiveGiven).charAt(0)}.`;
          if (full.length <= limit) expect(shown).toBe(full);
          else if (effectiveGiven.trim() && initial.length <= limit) expect(shown).toBe(initial);
          else expect(familyCase(effectiveFamily).startsWith(shown)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps particles lower case and the Mc prefix (property)', () => {
    fc.assert(
      fc.property(particle, word, word, (p, rest, given) => {
        const shown = displayName({ family: `${p.toUpperCase()} ${rest}`, given });
        expect(shown.startsWith(`${p} `)).toBe(true);
        expect(
          displayName({ family: `mc${rest}`, given }).startsWith(`Mc${rest.toUpperCase()}`.slice(0, NAME_LIMIT)),
        ).toBe(true);
      }),
    );
  });
});
