import { afterEach, describe, expect, it, vi } from 'vitest';

const success = vi.fn();
vi.mock('sonner', () => ({ toast: { success: (...args: unknown[]) => success(...args) } }));
const { COPY_LINK_TEXTS, copyLink } = await import('./copy-link-button');

afterEach(() => {
  vi.unstubAllGlobals();
  success.mockReset();
});

describe('copyLink', () => {
  it('writes the link and says "Link copied"', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyLink('https://waymark.example/view-tip/1')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://waymark.example/view-tip/1');
    expect(success).toHaveBeenCalledWith(COPY_LINK_TEXTS.copied);
  });

  it('reports a refusal or a missing clipboard (the caller shows the link to copy by hand), with no toast', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
    expect(await copyLink('https://waymark.example/x')).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(await copyLink('https://waymark.example/x')).toBe(false);
    expect(success).not.toHaveBeenCalled();
  });
});
