import { describe, expect, it } from 'vitest';
import { formatStorage } from './offline-storage-card';

describe('formatStorage', () => {
  it('says KB under a megabyte, MB with one decimal under ten, whole MB above', () => {
    expect(formatStorage(0)).toBe('0 MB');
    expect(formatStorage(200)).toBe('1 KB');
    expect(formatStorage(86_000)).toBe('84 KB');
    expect(formatStorage(3.2 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatStorage(50 * 1024 * 1024)).toBe('50 MB');
  });
});
