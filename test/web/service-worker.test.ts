import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '@/lib/service-worker';

// docs/product.md §1 and §9: a worker at /sw.js with scope /; the page reloads on an update or an
// external activation; being ready offline is only logged.

type Listener = () => void;

/** The browser's ServiceWorkerContainer, driven by the test. */
function fakeServiceWorker({ controlled }: { controlled: boolean }) {
  const containerListeners: Record<string, Listener[]> = {};
  const registrationListeners: Record<string, Listener[]> = {};
  const registration = {
    active: controlled ? {} : null,
    installing: null as null | { state: string; addEventListener: (type: string, listener: Listener) => void },
    addEventListener: (type: string, listener: Listener) => (registrationListeners[type] ??= []).push(listener),
  };
  const container = {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
    addEventListener: (type: string, listener: Listener) => (containerListeners[type] ??= []).push(listener),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return {
    container,
    registration,
    /** Another worker takes control of the page. */
    takeControl() {
      container.controller = {};
      containerListeners.controllerchange?.forEach((listener) => listener());
    },
    /** A worker claims the page: the controller is set now, the event comes in a later task. */
    claim() {
      container.controller = {};
      return () => containerListeners.controllerchange?.forEach((listener) => listener());
    },
    /** A new worker is found, installs and activates. */
    install() {
      const worker = { state: 'installing', listeners: [] as Listener[] };
      registration.installing = {
        get state() {
          return worker.state;
        },
        addEventListener: (_type, listener) => worker.listeners.push(listener),
      };
      registrationListeners.updatefound?.forEach((listener) => listener());
      worker.state = 'activated';
      worker.listeners.forEach((listener) => listener());
    },
  };
}

let reload: ReturnType<typeof vi.fn>;
let info: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.stubEnv('DEV', false);
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const load = async () => {
  window.dispatchEvent(new Event('load'));
  await vi.waitFor(() => expect(navigator.serviceWorker.register).toHaveBeenCalled());
  await Promise.resolve();
};

describe('the service worker registration', () => {
  it('registers /sw.js with scope / once the page has loaded', async () => {
    const sw = fakeServiceWorker({ controlled: true });
    registerServiceWorker();
    expect(sw.container.register).not.toHaveBeenCalled();
    await load();
    expect(sw.container.register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
  });

  it('waits, after the load, until the page is idle: the first screen may still be being drawn', () => {
    const sw = fakeServiceWorker({ controlled: true });
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    registerServiceWorker();
    window.dispatchEvent(new Event('load'));
    expect(sw.container.register).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(sw.container.register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
  });

  it('reloads the page once when an updated worker takes control', async () => {
    const sw = fakeServiceWorker({ controlled: true });
    registerServiceWorker();
    await load();
    sw.takeControl();
    sw.takeControl();
    expect(reload).toHaveBeenCalledOnce();
    expect(info).not.toHaveBeenCalled();
  });

  it('only logs when the first install makes the app ready offline', async () => {
    const sw = fakeServiceWorker({ controlled: false });
    registerServiceWorker();
    await load();
    sw.install();
    sw.takeControl();
    expect(info).toHaveBeenCalledWith('App ready to work offline');
    expect(reload).not.toHaveBeenCalled();
  });

  it("keeps the first call's view when the app's entry calls again during a first install's claim", async () => {
    const sw = fakeServiceWorker({ controlled: false });
    registerServiceWorker();
    await load();
    sw.install();
    const dispatch = sw.claim();
    // The app's entry arrives between the claim and its event, and finds a controller.
    registerServiceWorker();
    dispatch();
    expect(reload).not.toHaveBeenCalled();
    expect(sw.container.register).toHaveBeenCalledOnce();
  });

  it('does nothing in a browser without service workers', () => {
    registerServiceWorker();
    window.dispatchEvent(new Event('load'));
    expect(reload).not.toHaveBeenCalled();
  });
});
