import type { RawData, WebSocket } from 'ws';

/** Bytes a side may have queued but not yet written before the other side stops being read (backpressure). */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
const LOW_WATER_BYTES = 1024 * 1024;

export interface Frame {
  data: RawData;
  isBinary: boolean;
}

export interface BridgeHooks {
  /** Sees each upstream text frame before the client does (usage is read from `response.done`). */
  onUpstreamText(text: string): void;
  /** Sees each client text frame before the upstream does (what it adds to the conversation is counted). */
  onClientText(text: string): void;
  /** Both sides are closed: `by` says which one ended the session. */
  onClosed(by: 'client' | 'upstream', code: number): void;
}

/** A close code a peer may be sent: the reserved ones (1005 no status, 1006 abnormal, 1015 TLS) are never sent. */
function sendableCode(code: number): number {
  return code === 1000 || (code >= 1001 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999) ? code : 1011;
}

/**
 * Relays frames both ways in order, text as text and binary as binary. A side whose peer has more than
 * HIGH_WATER_BYTES unwritten is paused until the peer drains below LOW_WATER_BYTES. When either side closes
 * (or fails) the other is closed with the same code: the session ends as one.
 */
export function bridgeSockets(client: WebSocket, upstream: WebSocket, early: Frame[], hooks: BridgeHooks): void {
  let closed = false;
  const relay = (from: WebSocket, to: WebSocket, observe?: (text: string) => void) => {
    let unwritten = 0;
    return (data: RawData, isBinary: boolean) => {
      if (to.readyState !== to.OPEN) return;
      if (observe && !isBinary) observe(data.toString());
      const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
      unwritten += size;
      if (unwritten > HIGH_WATER_BYTES) from.pause();
      to.send(data, { binary: isBinary }, () => {
        unwritten -= size;
        if (unwritten < LOW_WATER_BYTES && from.isPaused) from.resume();
      });
    };
  };
  const toClient = relay(upstream, client, hooks.onUpstreamText);
  const toUpstream = relay(client, upstream, hooks.onClientText);
  for (const frame of early) toClient(frame.data, frame.isBinary);
  upstream.on('message', toClient);
  client.on('message', toUpstream);

  const end = (by: 'client' | 'upstream', code: number, reason: Buffer) => {
    if (closed) return;
    closed = true;
    const other = by === 'client' ? upstream : client;
    if (other.readyState === other.OPEN || other.readyState === other.CONNECTING) other.close(sendableCode(code), reason.subarray(0, 123));
    hooks.onClosed(by, code);
  };
  client.on('close', (code, reason) => end('client', code, reason));
  upstream.on('close', (code, reason) => end('upstream', code, reason));
  // An error is followed by 'close'; without a listener it would throw.
  client.on('error', () => client.terminate());
  upstream.on('error', () => upstream.terminate());
}
