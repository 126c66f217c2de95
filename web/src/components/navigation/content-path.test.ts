import { describe, expect, it } from 'vitest';
import { contentPath, editGuidePath, editTipPath, guidePath, printGuidePath, tipPath } from './content-path';

const ID = '0b6f7c8e-1d2a-4b3c-9d4e-5f6a7b8c9d0e';

describe('content paths (product.md, Screens; issue 36)', () => {
  it('names the route table’s pages of a tip and a guide, never /tips/:id', () => {
    expect(tipPath(ID)).toBe(`/view-tip/${ID}`);
    expect(editTipPath(ID)).toBe(`/edit-tip/${ID}`);
    expect(guidePath(ID)).toBe(`/view-guide/${ID}`);
    expect(editGuidePath(ID)).toBe(`/edit-guide/${ID}`);
    expect(printGuidePath(ID)).toBe(`/print-guide/${ID}`);
  });

  it('opens a card by its kind', () => {
    expect(contentPath({ kind: 'tip', id: ID })).toBe(tipPath(ID));
    expect(contentPath({ kind: 'guide', id: ID })).toBe(guidePath(ID));
  });

  it('keeps an id one path segment, whatever it holds', () => {
    expect(tipPath('a/b?c#d')).toBe('/view-tip/a%2Fb%3Fc%23d');
    expect(guidePath('../admin')).toBe('/view-guide/..%2Fadmin');
  });
});
