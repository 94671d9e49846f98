// The voice socket (docs/protocol.md) on the Node mock server, for the real-browser tests: the `ws`
// package on the HTTP server's `upgrade` event, around the transport-free session of ./voice.ts.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData } from 'ws';
import type { MockService } from './service';
import { createVoiceSession } from './voice';

/** Where POST /voice/session points the widget (same host as the service). */
export const VOICE_SOCKET_PATH = '/api/v1/widget/voice/ws';

/** Serves the voice socket on `server`; returns a function that ends every socket and stops serving. */
export function attachVoiceSocket(server: Server, mock: MockService): () => void {
  const ctx = mock.context;
  const wss = new WebSocketServer({ noServer: true });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', `ws://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname !== VOICE_SOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      const session = createVoiceSession(
        ctx,
        { send: (data) => client.send(data), close: (code, reason) => client.close(code, reason) },
        url,
      );
      client.on('message', (data: RawData, isBinary: boolean) =>
        session.onMessage(isBinary ? bytes(data) : bytes(data).toString('utf8')),
      );
      client.on('close', () => session.onClose());
      client.on('error', () => undefined);
    });
  };
  server.on('upgrade', onUpgrade);

  return () => {
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}

function bytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}
