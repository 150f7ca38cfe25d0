import http from 'node:http';

/**
 * Sends `req` on to the Git server at `target` (its URL) and the answer
 * back, as a proxy in front of it would. `onAnswer` may change the answer
 * before it goes back; `delayMs` holds it that long, a server that says
 * nothing for a while.
 */
export function forwardRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: string,
  options: {
    delayMs?: number;
    onAnswer?: (answer: http.IncomingMessage) => void;
  } = {},
) {
  const { hostname, port } = new URL(target);
  const upstream = http.request(
    {
      host: hostname,
      port,
      path: req.url,
      method: req.method,
      headers: req.headers,
    },
    answer => {
      const send = () => {
        options.onAnswer?.(answer);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      };
      if (options.delayMs) setTimeout(send, options.delayMs);
      else send();
    },
  );
  req.pipe(upstream);
}
