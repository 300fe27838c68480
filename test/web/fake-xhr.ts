/**
 * A controllable XMLHttpRequest, for the one thing the shared handlers (test/web/api) cannot
 * show: an upload part-way. MSW answers uploads too, but reports their progress only with the
 * answer, all at once; here the test decides when progress happens and sees the cancel.
 * Every request is kept in order.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  static get last(): FakeXhr | null {
    return FakeXhr.all.at(-1) ?? null;
  }
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
}
