import { describe, expect, it, vi } from 'vitest';
import { type UpdateContainer, type UpdateRegistration, type UpdateWorker, watchForUpdate } from './update-prompt';

function fakeWorker(state: ServiceWorkerState) {
  const events = new EventTarget();
  const worker = {
    state,
    postMessage: vi.fn(),
    addEventListener: (type: string, listener: () => void) => events.addEventListener(type, listener),
    become(next: ServiceWorkerState) {
      worker.state = next;
      events.dispatchEvent(new Event('statechange'));
    },
  };
  return worker;
}

function fakes(controller: unknown, waiting: UpdateWorker | null = null) {
  const regEvents = new EventTarget();
  const containerEvents = new EventTarget();
  const registration: UpdateRegistration & { fire(): void } = {
    waiting,
    installing: null,
    addEventListener: (type, listener) => regEvents.addEventListener(type, listener),
    removeEventListener: (type, listener) => regEvents.removeEventListener(type, listener),
    update: () => Promise.resolve(),
    fire: () => regEvents.dispatchEvent(new Event('updatefound')),
  };
  const container: UpdateContainer & { change(): void } = {
    controller,
    addEventListener: (type, listener) => containerEvents.addEventListener(type, listener),
    removeEventListener: (type, listener) => containerEvents.removeEventListener(type, listener),
    change: () => containerEvents.dispatchEvent(new Event('controllerchange')),
  };
  return { registration, container };
}

describe('watchForUpdate', () => {
  it('announces a worker found while the page runs once it is installed, and reloads only after Reload', () => {
    const { registration, container } = fakes({});
    const onReady = vi.fn();
    const reload = vi.fn();
    watchForUpdate(container, registration, onReady, reload);
    const worker = fakeWorker('installing');
    registration.installing = worker;
    registration.fire();
    expect(onReady).not.toHaveBeenCalled();
    worker.become('installed');
    expect(onReady).toHaveBeenCalledTimes(1);
    // Another tab's Reload swaps the worker here too: this tab does not reload mid-form.
    container.change();
    expect(reload).not.toHaveBeenCalled();
    const accept = onReady.mock.calls[0]![0] as () => void;
    accept();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    container.change();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('announces a worker already waiting at start', () => {
    const { registration, container } = fakes({}, fakeWorker('installed'));
    const onReady = vi.fn();
    watchForUpdate(container, registration, onReady, vi.fn());
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('says nothing about the first install (no worker controlled the page yet)', () => {
    const { registration, container } = fakes(null);
    const onReady = vi.fn();
    watchForUpdate(container, registration, onReady, vi.fn());
    const worker = fakeWorker('installing');
    registration.installing = worker;
    registration.fire();
    worker.become('installed');
    expect(onReady).not.toHaveBeenCalled();
  });
});
