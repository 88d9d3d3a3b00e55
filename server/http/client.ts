// Who is calling, as far as the server can trust it: the client's address and whether the request
// arrived over HTTPS. Both come from the socket, unless the socket is one of the proxies TRUST_PROXY
// names: then X-Forwarded-For (proxy-addr walks it from the nearest hop) and X-Forwarded-Proto.
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "proxy-addr";

export interface ClientInfo {
  /** The client's address: rate limits, captcha and form limits are keyed by it. */
  address: string;
  /** The request arrived over HTTPS (a TLS socket, or a trusted proxy's X-Forwarded-Proto). */
  secure: boolean;
}

/** TRUST_PROXY's entries are addresses, CIDR ranges or proxy-addr's presets (loopback, linklocal, uniquelocal). */
export function isTrustProxyList(entries: string[]): boolean {
  try {
    proxyAddr.compile(entries);
    return true;
  } catch {
    return false;
  }
}

const firstValue = (header: string | string[] | undefined): string | undefined =>
  (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase() || undefined;

/** Reads requests' client information, trusting the forwarding headers of these proxies only. */
export function clientResolver(trustProxy: string[] = []): (request: IncomingMessage) => ClientInfo {
  const trust = proxyAddr.compile(trustProxy);
  return (request) => {
    const socketAddress = request.socket.remoteAddress ?? "unknown";
    const fromTrustedProxy = trustProxy.length > 0 && socketAddress !== "unknown" && trust(socketAddress, 0);
    return {
      address: fromTrustedProxy ? proxyAddr(request, trust) : socketAddress,
      secure: (request.socket as TLSSocket).encrypted === true || (fromTrustedProxy && firstValue(request.headers["x-forwarded-proto"]) === "https"),
    };
  };
}
