import { describe, expect, it } from 'vitest';
import { DEFAULT_DIAL_CODE, DIAL_CODES, dialCodeOptions, phoneValue } from './dialCodes.ts';

describe('dial codes', () => {
  it('lists about 200 distinct codes in numeric order, +1 first and by default', () => {
    expect(DIAL_CODES.length).toBeGreaterThanOrEqual(190);
    expect(DIAL_CODES.length).toBeLessThanOrEqual(250);
    const codes = DIAL_CODES.map((row) => row.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\+[1-9]\d{0,3}$/);
    const numbers = codes.map((code) => Number(code.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(DEFAULT_DIAL_CODE).toBe('+1');
    expect(codes[0]).toBe(DEFAULT_DIAL_CODE);
  });

  it('gives every region to one code only', () => {
    const regions = DIAL_CODES.flatMap((row) => row.regions);
    expect(new Set(regions).size).toBe(regions.length);
    for (const region of regions) expect(region).toMatch(/^[A-Z]{2}$/);
  });

  it('names the regions in the customer language', () => {
    const english = dialCodeOptions('en');
    const spanish = dialCodeOptions('es');
    expect(english.find((option) => option.value === '+34')?.label).toBe('+34 Spain');
    expect(spanish.find((option) => option.value === '+34')?.label).toBe('+34 España');
    expect(english.find((option) => option.value === '+1')?.label).toBe('+1 United States, Canada');
    expect(spanish.map((option) => option.value)).toEqual(DIAL_CODES.map((row) => row.code));
  });
});

describe('phoneValue', () => {
  it('joins dial code and number, keeping only letters, digits and +', () => {
    expect(phoneValue('+44', '(020) 7946-0958')).toBe('+4402079460958');
    expect(phoneValue('+1', ' 555.010.9999 ')).toBe('+15550109999');
    expect(phoneValue('+34', '600 12 34 56 ext7')).toBe('+34600123456ext7');
  });
});
