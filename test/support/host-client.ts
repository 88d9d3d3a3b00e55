// A client that names the host it talks to, as a browser on one of many sites does (fetch does not let
// a caller set the Host header): single requests, a browser keeping its cookies per host, and a
// graphql-ws client on a host. The two-site tests (two-sites.ts, test/isolation/) use it.
import { Agent, request as httpRequest } from "node:http";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

export interface Answer<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent. */
  text: string;
  /** The body parsed as JSON (the text when it is not JSON). */
  body: T;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as is (with its own content-type header). */
  rawBody?: string | Buffer;
}

/** One HTTP request to the app, naming `host` in its Host header (fetch does not let a caller set it). */
export function send(port: number, agent: Agent, host: string, method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { host, ...options.headers };
  let payload: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  if (payload !== undefined) headers["content-length"] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** Set-Cookie values as name → value (null: the cookie is removed). */
export function setCookies(headers: Answer["headers"]): Map<string, string | null> {
  const cookies = new Map<string, string | null>();
  const values = headers["set-cookie"] ?? [];
  for (const cookie of Array.isArray(values) ? values : [values]) {
    const [pair, ...attributes] = cookie.split(";");
    const name = pair.slice(0, pair.indexOf("=")).trim();
    const value = pair.slice(pair.indexOf("=") + 1).trim();
    const removed = value === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    cookies.set(name, removed ? null : value);
  }
  return cookies;
}

export const cookieHeader = (cookies: ReadonlyMap<string, string>): string => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * A browser: its cookies are kept per host, as a browser keeps them, and it sends the crumb on
 * state-changing calls. `carrying` sends another host's cookies instead (what a script can do).
 */
export class HostClient {
  readonly jars = new Map<string, Map<string, string>>();

  constructor(
    readonly port: number,
    readonly agent: Agent,
  ) {}

  jar(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }

  async request<T = any>(host: string, method: string, path: string, options: SendOptions & { carrying?: string } = {}): Promise<Answer<T>> {
    const jar = this.jar(options.carrying ?? host);
    const headers: Record<string, string> = { ...(jar.size ? { cookie: cookieHeader(jar) } : {}), ...options.headers };
    if (method !== "GET" && jar.has("crumb") && !("x-csrf-token" in headers)) headers["x-csrf-token"] = jar.get("crumb")!;
    const answer = await send(this.port, this.agent, host, method, path, { ...options, headers });
    for (const [name, value] of setCookies(answer.headers)) {
      if (value === null) this.jar(host).delete(name);
      else this.jar(host).set(name, value);
    }
    return answer;
  }

  /** A first request to the host, as a page view: the client gets the host's crumb. */
  async arrive(host: string): Promise<this> {
    await this.request(host, "GET", "/healthz");
    return this;
  }

  async graphql<T = any>(host: string, query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    const answer = await this.request<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>(host, "POST", "/graphql", {
      body: { query, variables },
      headers,
    });
    return { ...answer.body, status: answer.status };
  }
}

/**
 * A graphql-ws client whose upgrade request names `host` and carries `headers` (a principal's or a
 * browser's cookies); `connectionParams` carries the xsrf token of a signed-in principal.
 */
export function wsClientOn(server: { port: number }, host: string, headers: Record<string, string> = {}, connectionParams?: Record<string, unknown>): Client {
  class HostWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { ...headers, host } });
    }
  }
  return createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: HostWebSocket, connectionParams, retryAttempts: 0, lazy: true });
}
