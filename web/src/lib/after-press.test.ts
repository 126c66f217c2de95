import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The module listens on `window`: an EventTarget with timers stands in for it.
const fakeWindow = Object.assign(new EventTarget(), { setTimeout: globalThis.setTimeout.bind(globalThis) });
const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel', isPrimary = true) =>
  fakeWindow.dispatchEvent(Object.assign(new Event(type), { isPrimary }));

describe('afterPress (issue 36: a search is not redrawn under a press)', () => {
  beforeAll(() => vi.stubGlobal('window', fakeWindow));
  afterAll(() => vi.unstubAllGlobals());

  it('runs at once when nothing is pressed, and after the release when something is', async () => {
    const { afterPress, listenForPresses } = await import('./after-press');
    listenForPresses();
    const runs: string[] = [];
    afterPress(() => runs.push('idle'));
    expect(runs).toEqual(['idle']);

    press('pointerdown');
    afterPress(() => runs.push('held'));
    // A second finger's release is not the press ending.
    press('pointerup', false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).toEqual(['idle']);
    press('pointerup');
    // After the click that follows the release, not before it.
    expect(runs).toEqual(['idle']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).toEqual(['idle', 'held']);
  });

  it('drops a held change that was cancelled, and a cancelled press releases too', async () => {
    const { afterPress } = await import('./after-press');
    const runs: string[] = [];
    press('pointerdown');
    const cancel = afterPress(() => runs.push('cancelled'));
    afterPress(() => runs.push('kept'));
    cancel();
    press('pointercancel');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).toEqual(['kept']);
  });
});
