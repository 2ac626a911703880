#!/usr/bin/env python3
"""The live-domain test server: HTTPS on the loopback interface, one case per host name.

    python3 Tests/LiveDomains/server.py --port-file FILE [--log FILE]

Binds 127.0.0.1 on a port the system picks, writes the port number to FILE once it accepts
connections, and exits when its standard input closes (so a test process that dies leaves no
server behind) or on SIGTERM. Clients reach a host with curl's
`--connect-to HOST:443:127.0.0.1:PORT` and trust certs/ca.pem with `--cacert`.

The certificate is chosen by the TLS server name (SNI): wrongcert.test gets certs/other.pem, a
certificate for other.test only; every other name gets certs/server.pem. The reply is chosen by
the Host header (see HOSTS below); a Host the server does not know gets 421.

--log appends one JSON line per request: host, sni, method, path, headers.

Standard library only. The certificates come from make-certs.sh; the server refuses to start
when one expires within 30 days.
"""

import argparse
import http.server
import json
import os
import select
import signal
import socket
import ssl
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CERTS = os.path.join(HERE, "certs")
AASA_PATH = "/.well-known/apple-app-site-association"

GOOD = json.dumps(
    {
        "applinks": {
            "details": [
                {
                    "appIDs": ["TEAMID1234.com.example.app"],
                    "components": [{"/": "/buy/*", "exclude": True}, {"/": "/item/*"}],
                }
            ]
        }
    },
    separators=(",", ":"),
).encode()

# The copy Apple's CDN still has: older than the origin's, without the exclusion.
GOOD_CDN = json.dumps(
    {
        "applinks": {
            "details": [{"appIDs": ["TEAMID1234.com.example.app"], "components": [{"/": "/item/*"}]}]
        }
    },
    separators=(",", ":"),
).encode()


def big_file(size=200_000):
    """A valid AASA object of at least `size` bytes (Apple's CDN reportedly stops at 128 KB)."""
    entry = len('{"/":"/item/000000/*"},')
    components = [{"/": "/item/%06d/*" % i} for i in range(size // entry + 1)]
    return json.dumps(
        {"applinks": {"details": [{"appIDs": ["TEAMID1234.com.example.app"], "components": components}]}},
        separators=(",", ":"),
    ).encode()


BIG = big_file()

UNDER_CONSTRUCTION = b"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Site under construction</title>
<style>body { font-family: sans-serif; text-align: center; margin-top: 20%; }</style>
</head>
<body>
<h1>We&rsquo;ll be back soon!</h1>
<p>This site is under construction. Please check back later.</p>
</body>
</html>
"""

NOT_FOUND = b"""<!DOCTYPE html>
<html><head><title>404 Not Found</title></head>
<body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>
"""

# The IDN host: "montréal.test" as its A-label, computed rather than typed.
IDN_HOST = "montréal".encode("idna").decode() + ".test"

# Host -> (status, headers, body) for the AASA path. Callables build the reply per request.
ORIGIN = {
    "good.test": (200, {"Content-Type": "application/json"}, GOOD),
    "www.good.test": (200, {"Content-Type": "application/json"}, GOOD),
    "redirect.test": (301, {"Location": "https://good.test" + AASA_PATH, "Content-Type": "text/html"},
                      b"<html><body>Moved</body></html>\n"),
    "missing.test": (404, {"Content-Type": "text/html"}, NOT_FOUND),
    "error.test": (500, {"Content-Type": "text/html"}, b"<html><body>Internal Server Error</body></html>\n"),
    "html.test": (200, {"Content-Type": "text/html; charset=utf-8"}, UNDER_CONSTRUCTION),
    "big.test": (200, {"Content-Type": "application/json"}, BIG),
    "texttype.test": (200, {"Content-Type": "text/plain"}, GOOD),
    "sub.good.test": (404, {"Content-Type": "text/html"}, NOT_FOUND),
    IDN_HOST: (200, {"Content-Type": "application/json"}, GOOD),
    # Special replies, handled in Handler: the certificate for another name (the reply is the good
    # file, for a client told to skip verification), a stream that never ends, a late reply.
    "wrongcert.test": (200, {"Content-Type": "application/json"}, GOOD),
    "endless.test": None,
    "slow.test": None,
}

CDN_HOST = "cdn.test"
CDN_PREFIX = "/a/v1/"
CDN = {
    "good.test": (200, {"Content-Type": "application/json"}, GOOD_CDN),
    "texttype.test": (200, {"Content-Type": "application/json"}, GOOD),
    "slow.test": (404, {"Apple-Failure-Reason": "SWCERR00301 Timeout", "Content-Type": "text/plain"},
                  b"Not Found\n"),
}
CDN_NOT_FOUND = (404, {"Content-Type": "text/plain"}, b"Not Found\n")

SLOW_SECONDS = 60

LOG_LOCK = threading.Lock()
LOG_FILE = None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "TapRouteTestServer/1"
    sys_version = ""

    def do_GET(self):
        self.reply(send_body=True)

    def do_HEAD(self):
        self.reply(send_body=False)

    def log_message(self, format, *args):
        pass  # the --log file is the record; stderr stays quiet for the tests

    def reply(self, send_body):
        host = (self.headers.get("Host") or "").lower()
        if host.endswith("]") or ":" not in host:
            name = host
        else:
            name = host.rsplit(":", 1)[0]
        path = self.path.split("?", 1)[0]
        self.record(host)

        if name == CDN_HOST:
            if path.startswith(CDN_PREFIX):
                answer = CDN.get(path[len(CDN_PREFIX):].lower(), CDN_NOT_FOUND)
            else:
                answer = CDN_NOT_FOUND
        elif name in ORIGIN:
            if path != AASA_PATH:
                answer = (404, {"Content-Type": "text/html"}, NOT_FOUND)
            elif name == "endless.test":
                return self.endless(send_body)
            elif name == "slow.test":
                return self.slow(send_body)
            else:
                answer = ORIGIN[name]
        else:
            answer = (421, {"Content-Type": "text/plain"}, b"Misdirected Request\n")
        self.send(*answer, send_body=send_body)

    def send(self, status, headers, body, send_body=True):
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def endless(self, send_body):
        """A JSON array that never ends, chunked, until the client goes away."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.close_connection = True
        if not send_body:
            self.wfile.write(b"0\r\n\r\n")
            return
        entry = b'{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/item/*"}]},'
        chunk = entry * (65536 // len(entry))
        framed = b"%x\r\n%s\r\n" % (len(chunk), chunk)
        try:
            self.wfile.write(b'%x\r\n{"applinks":{"details":[\r\n' % len(b'{"applinks":{"details":['))
            while True:
                self.wfile.write(framed)
                time.sleep(0.002)  # some 30 MB/s: endless all the same, without hogging a shared CPU
        except (OSError, ssl.SSLError):
            pass

    def slow(self, send_body):
        """Answers after SLOW_SECONDS, or stops early when the client closes the connection."""
        readable, _, _ = select.select([self.connection], [], [], SLOW_SECONDS)
        if readable:
            self.close_connection = True
            return  # the client hung up (or sent more); nothing to answer
        self.send(200, {"Content-Type": "application/json"}, GOOD, send_body)

    def record(self, host):
        if LOG_FILE is None:
            return
        headers = {}
        for key, value in self.headers.items():
            headers[key] = headers[key] + ", " + value if key in headers else value
        line = json.dumps(
            {
                "host": host,
                "sni": getattr(self.connection, "sni_name", None),
                "method": self.command,
                "path": self.path,
                "headers": headers,
            },
            sort_keys=True,
        )
        with LOG_LOCK:
            with open(LOG_FILE, "a", encoding="utf-8") as log:
                log.write(line + "\n")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = False

    def __init__(self, address, contexts):
        super().__init__(address, Handler)
        self.contexts = contexts

    def get_request(self):
        sock, address = self.socket.accept()
        # The handshake runs on the first read, in the request's own thread, so a client that
        # never finishes it blocks nobody.
        return self.contexts["default"].wrap_socket(sock, server_side=True, do_handshake_on_connect=False), address

    def handle_error(self, request, client_address):
        kind = sys.exc_info()[0]
        if kind is not None and issubclass(kind, (OSError, ssl.SSLError)):
            return  # a client that rejected the certificate, timed out or hung up
        super().handle_error(request, client_address)


def make_contexts():
    def context(name):
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.set_alpn_protocols(["http/1.1"])
        ctx.load_cert_chain(os.path.join(CERTS, name + ".pem"), os.path.join(CERTS, name + "-key.pem"))
        return ctx

    default, other = context("server"), context("other")

    def pick(ssl_socket, server_name, _context):
        # server_name is the A-label (xn--...) form, or None without SNI.
        ssl_socket.sni_name = server_name
        if server_name == "wrongcert.test":
            ssl_socket.context = other
        return None

    default.sni_callback = pick
    return {"default": default, "other": other}


def check_expiry():
    for name in ("server.pem", "other.pem"):
        path = os.path.join(CERTS, name)
        decode = getattr(ssl._ssl, "_test_decode_cert", None)  # private, but in every CPython 3
        if decode is None:
            continue
        not_after = ssl.cert_time_to_seconds(decode(path)["notAfter"])
        days = (not_after - time.time()) / 86400
        if days < 30:
            sys.stderr.write(
                "server.py: Tests/LiveDomains/certs/%s expires in %d days; "
                "run Tests/LiveDomains/make-certs.sh and commit certs/\n" % (name, days)
            )
            sys.exit(3)


def main():
    global LOG_FILE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log")
    args = parser.parse_args()
    LOG_FILE = args.log

    check_expiry()
    server = Server(("127.0.0.1", 0), make_contexts())

    def stop(*_):
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    # A child inherits its parent thread's blocked signals: started from a Swift test's worker
    # thread, SIGTERM and SIGINT arrive blocked.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

    def watch_stdin():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()

    temporary = args.port_file + ".tmp"
    with open(temporary, "w") as f:
        f.write("%d\n" % server.server_address[1])
    os.replace(temporary, args.port_file)  # appears whole: readers never see half a number

    server.serve_forever()


if __name__ == "__main__":
    main()
