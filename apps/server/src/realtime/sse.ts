// Writing server-sent events (https://html.spec.whatwg.org/multipage/server-sent-events.html) to a stream.
import type { Writable } from 'node:stream';

export class SseStream {
  constructor(private readonly out: Writable) {}

  #write(text: string): void {
    if (this.out.writableEnded || this.out.destroyed) return;
    this.out.write(text);
  }

  /** One event: `event:` name, optional `id:`, and the JSON data on one line. */
  event(name: string, data: unknown, id?: string): void {
    if (!/^[a-z-]+$/.test(name)) throw new Error(`bad event name ${name}`);
    let text = `event: ${name}\n`;
    if (id !== undefined) text += `id: ${id.replace(/[\r\n]/g, '')}\n`;
    // JSON.stringify escapes line breaks inside strings, so the data is one line.
    text += `data: ${JSON.stringify(data)}\n\n`;
    this.#write(text);
  }

  /** A comment line (heartbeat): ignored by clients, keeps proxies from closing an idle connection. */
  comment(text: string): void {
    this.#write(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`);
  }

  /** How long a client waits before reconnecting (ms). */
  retry(ms: number): void {
    this.#write(`retry: ${Math.max(0, Math.floor(ms))}\n\n`);
  }
}

/** A parsed event (for clients and tests). */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** Incremental parser of an event stream: feed it chunks, get whole events. */
export class SseParser {
  #buffer = '';

  push(chunk: string): SseEvent[] {
    this.#buffer += chunk.replace(/\r\n?/g, '\n');
    const events: SseEvent[] = [];
    let end: number;
    while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      let id: string | undefined;
      let hasField = false;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
        else continue;
        hasField = true;
      }
      if (hasField && data.length > 0)
        events.push(
          id === undefined ? { event, data: data.join('\n') } : { event, data: data.join('\n'), id },
        );
    }
    return events;
  }
}
