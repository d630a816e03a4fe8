/**
 * An EventSource for jsdom, which has none, over fetch so that msw's `sse()` handlers answer it as they answer
 * the browser's. It parses `id`, `event` and `data` fields, and does not retry: after an error it is closed.
 */
export class TestEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readonly url: string;
  readonly withCredentials = false;
  readyState = TestEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly #abort = new AbortController();

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    void this.#run();
  }

  close(): void {
    this.readyState = TestEventSource.CLOSED;
    this.#abort.abort();
  }

  async #run(): Promise<void> {
    try {
      const response = await fetch(this.url, { headers: { accept: 'text/event-stream' }, signal: this.#abort.signal });
      if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
        throw new Error('refused');
      this.readyState = TestEventSource.OPEN;
      this.#emit(new Event('open'));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          this.#dispatchBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
      throw new Error('ended');
    } catch {
      if (this.readyState === TestEventSource.CLOSED) return;
      this.readyState = TestEventSource.CLOSED;
      this.#emit(new Event('error'));
    }
  }

  #dispatchBlock(block: string): void {
    let type = 'message';
    let id = '';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length) this.#emit(new MessageEvent(type, { data: data.join('\n'), lastEventId: id }));
  }

  #emit(event: Event): void {
    if (this.readyState === TestEventSource.CLOSED && event.type !== 'error') return;
    this.dispatchEvent(event);
    if (event.type === 'open') this.onopen?.(event);
    else if (event.type === 'error') this.onerror?.(event);
    else if (event.type === 'message' && event instanceof MessageEvent) this.onmessage?.(event);
  }
}
